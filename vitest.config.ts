import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/server/src/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'tools/**/*.test.ts',
      // DOM-free web helpers
      'apps/web/src/lib/**/*.test.ts',
      // Web components, with Testing Library: each file names its DOM (`// @vitest-environment jsdom` on its first line)
      'apps/web/src/**/*.test.tsx',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Migrate and seed once per run; each test file clones the result (apps/server/src/test/template-db.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    // A file's setup may wait for the run's database template (built once, up to 120 s on a loaded machine).
    hookTimeout: 150_000,
    pool: 'forks',
    // Vitest's default for a run is one worker less than the cores: one on a 2-core machine, so the database (PGlite in
    // the worker, or the PostgreSQL server) waited on one core while the other idled. Every core, at least two
    // (TEST_WORKERS overrides).
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism()),
  },
});
