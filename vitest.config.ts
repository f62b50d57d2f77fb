import { globSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { SHARED_GRAPH_TESTS, sharedGraphProject } from './vitest.unit.config';

/**
 * The API tests that exercise the embedded database's own paths: its client and backups, ingestion and the engine (the
 * demo's and a small store's hot path), its notifications, request turns, leases and caches, the partitions, the audit
 * chain, reservations and restarts. With EMBEDDED_API_TESTS=only (npm test, when its PostgreSQL lane has run the whole
 * API suite), PGlite runs these and the unit tests; every journey runs on PGlite too (e2e/support/global-setup.ts).
 * Without PostgreSQL, every API test runs on PGlite. Not here: db/database.api.test.ts (several processes on one
 * PostgreSQL database, skipped on PGlite) and db/read-replica.api.test.ts (two PostgreSQL 15 clusters of its own
 * whatever the lane: run on PGlite's lane too, it ran the same test twice).
 */
const EMBEDDED_API_TESTS = [
  'apps/server/src/broker/**',
  'apps/server/src/http/{request-turns,load-shedding,list-counts,web-assets}.api.test.ts',
  'apps/server/src/plugins/**',
  'apps/server/src/modules/{audit,backup,engine,history,ingest,live}/**',
  'apps/server/src/modules/epcis/epcis.capture.api.test.ts',
  'apps/server/src/modules/printing/printing.reservation.api.test.ts',
  'apps/server/src/modules/webhooks/webhooks.restart.api.test.ts',
];
const postgresOnly =
  process.env.EMBEDDED_API_TESTS === 'only'
    ? globSync('apps/server/src/**/*.api.test.ts').filter(
        (file) => !EMBEDDED_API_TESTS.some((pattern) => path.matchesGlob(file, pattern)),
      )
    : [];

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker less than the cores: one on a 2-core machine, so the database (PGlite in
    // the worker, or the PostgreSQL server) waited on one core while the other idled. Every core, at least two
    // (TEST_WORKERS overrides). One number for both projects.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism()),
    projects: [
      // Pure unit tests in one module graph a worker (vitest.unit.config.ts).
      { test: sharedGraphProject },
      {
        test: {
          name: 'isolated',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'tools/**/*.test.ts',
            // The Node.js check of npm start and npm test
            'scripts/**/*.test.ts',
            // DOM-free web helpers
            'apps/web/src/lib/**/*.test.ts',
            // Web components, with Testing Library: each file names its DOM (`// @vitest-environment jsdom` on its first line)
            'apps/web/src/**/*.test.tsx',
          ],
          exclude: ['**/node_modules/**', '**/dist/**', ...SHARED_GRAPH_TESTS, ...postgresOnly],
          // Migrate and seed once per run; each test file clones the result (apps/server/src/test/template-db.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          // A file's setup may wait for the run's database template (built once, up to 120 s on a loaded machine).
          hookTimeout: 150_000,
          pool: 'forks',
          // Node.js 25+ has a global `localStorage` of its own (undefined without --localstorage-file) that hides jsdom's
          // in the web components' tests: off, as the browser's is the one under test.
          execArgv: ['--no-experimental-webstorage'],
        },
      },
    ],
  },
});
