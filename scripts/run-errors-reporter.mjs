import { writeFileSync } from 'node:fs';

/**
 * A Vitest reporter for scripts/test.mjs: what fails a run besides a failing test (an error thrown outside any test,
 * a file that could not load, a hook's error), written to RUN_ERRORS_FILE so that the run's summary names it (CI keeps
 * only the tail of the output; 2026-11-30, the PostgreSQL step failed with every test passed and nothing said why).
 */
export default class RunErrorsReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.RUN_ERRORS_FILE;
    if (!file) return;
    const lines = (error) =>
      [error?.name, error?.message, ...(error?.stack ?? '').split('\n').slice(1, 5)].filter(Boolean).map(String);
    const errors = [
      ...unhandledErrors.map((error) => ({ where: 'outside any test', lines: lines(error) })),
      ...testModules.flatMap((module) => module.errors().map((error) => ({ where: module.moduleId, lines: lines(error) }))),
    ];
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
