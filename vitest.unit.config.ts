import { defineConfig } from 'vitest/config';

/**
 * The fast layer (issue 33): the use cases' unit tests with fake repositories, no database and no server —
 * `npm run test:unit`, seconds. `npm test` runs them too, within the unit and API tests (vitest.config.ts).
 */
export default defineConfig({
  test: {
    include: ['apps/server/src/modules/*/use-cases/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'threads',
    // Pure functions over fakes: one module graph a worker for every file (imports were nearly all of the time).
    isolate: false,
    testTimeout: 5_000,
  },
});
