import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** The use cases' unit tests: fake repositories, no database and no server (the fast layer, issue 33). */
const USE_CASE_TESTS = 'apps/server/src/modules/*/use-cases/**/*.test.ts';

/** The use cases, the modules' rules (pure domain functions) and the packages (codecs, schemas). */
export const SHARED_GRAPH_TESTS = [USE_CASE_TESTS, 'apps/server/src/modules/**/*rules.test.ts', 'packages/*/src/**/*.test.ts'];

/**
 * Tests that share one module graph a worker (`isolate: false`): pure functions over fakes, with no module state, no
 * mocks, no environment or globals of their own. Imports were nearly all of their time: isolated, each file paid a
 * fresh worker and its imports (2026-11-30, docs/testing.md "API lanes' time"). vitest.config.ts runs them as its
 * project `shared-graph`; a test that needs a module of its own (vi.mock, a global, an environment variable) goes
 * elsewhere.
 */
export const sharedGraphProject: NonNullable<ViteUserConfig['test']> = {
  name: 'shared-graph',
  include: SHARED_GRAPH_TESTS,
  exclude: ['**/node_modules/**', '**/dist/**'],
  pool: 'threads',
  isolate: false,
  testTimeout: 5_000,
};

/**
 * The fast layer (issue 33): the use cases' unit tests alone — `npm run test:unit`, seconds. `npm test` runs them too,
 * within the unit and API tests (vitest.config.ts, in the same shared module graph).
 */
export default defineConfig({
  test: { ...sharedGraphProject, include: [USE_CASE_TESTS] },
});
