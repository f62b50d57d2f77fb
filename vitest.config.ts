import { globSync, readFileSync } from 'node:fs';
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

/**
 * What an API test file does to its process that the next file in it would see: modules mocked or spied on, fake timers,
 * a global or an environment variable of its own (`process.env.LLRP = 'off'` before the app reads it). Such a file runs
 * in the `isolated` project, a fresh process of its own.
 */
const OWN_PROCESS = /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]/;
/**
 * On PostgreSQL, the API tests that share one module graph a worker (`isolate: false`): the server's modules imported
 * once a worker instead of once a file. Each file still builds its own app on its own database (test/helpers.ts).
 * Measured on 2026-12-01 (2 cores): the PostgreSQL lane's imports took 290 s of its 101 files (2.9 s a file, the whole
 * app each time); shared, 71–74 s, and the lane 373 s → 310–318 s in two runs. On PGlite (EMBEDDED_API_TESTS=only) one
 * run shared took 593 s against 426 s, but the machine slowed meanwhile (the same lane unchanged took 665 s an hour
 * later): not measured well enough to change, so there the API tests stay one process a file (docs/testing.md).
 */
const SHARED_API_TESTS = process.env.TEST_DATABASE_URL
  ? globSync('apps/server/src/**/*.api.test.ts').filter(
      (file) => !OWN_PROCESS.test(readFileSync(file, 'utf8')) && !postgresOnly.includes(file),
    )
  : [];
/** What the projects that build apps on a database share: the run's templates, the time limits, one process a worker. */
const DATABASE_TESTS = {
  // Migrate and seed once per run; each test file clones the result (apps/server/src/test/template-db.ts).
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  // A file's setup may wait for the run's database template (built once, up to 120 s on a loaded machine).
  hookTimeout: 150_000,
  pool: 'forks' as const,
};
const sharedApiProject = { name: 'api-shared', include: SHARED_API_TESTS, ...DATABASE_TESTS, isolate: false };

/**
 * Node.js 25+ has a global `localStorage` of its own (undefined without --localstorage-file) that hides jsdom's in the
 * web components' tests: off, as the browser's is the one under test.
 */
const JSDOM_EXEC_ARGV = ['--no-experimental-webstorage'];

/**
 * The web's component tests (Testing Library in jsdom) that share one module graph a worker (`isolate: false`): React,
 * MUI and the app's modules imported once a worker instead of once a file. A file with a module of its own (the
 * `OWN_PROCESS` rule above) stays isolated, as do the tests of `apps/web/src/lib` (they test module state: i18n's
 * loading, Zod's global configuration). Measured on 2026-12-02 (2 cores, quiet): the 52 files isolated took 155 s wall
 * and 289 s of CPU (imports 118 s, jsdom set up 62 s); all in one graph, 61 s and 62 s (docs/testing.md).
 */
const SHARED_WEB_TESTS = globSync('apps/web/src/**/*.test.tsx').filter((file) => !OWN_PROCESS.test(readFileSync(file, 'utf8')));
const sharedWebProject = {
  name: 'web-shared',
  include: SHARED_WEB_TESTS,
  // As in `isolated`, where these files ran before: under the load of a CI lane a test took over Vitest's 5 s default.
  testTimeout: DATABASE_TESTS.testTimeout,
  pool: 'forks' as const,
  isolate: false,
  execArgv: JSDOM_EXEC_ARGV,
};

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker less than the cores: one on a 2-core machine, so the database (PGlite in
    // the worker, or the PostgreSQL server) waited on one core while the other idled. Every core, at least two
    // (TEST_WORKERS overrides). One number for all the projects.
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism()),
    projects: [
      // Pure unit tests in one module graph a worker (vitest.unit.config.ts).
      { test: sharedGraphProject },
      ...(SHARED_API_TESTS.length > 0 ? [{ test: sharedApiProject }] : []),
      { test: sharedWebProject },
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
          exclude: [
            '**/node_modules/**',
            '**/dist/**',
            ...SHARED_GRAPH_TESTS,
            ...SHARED_API_TESTS,
            ...SHARED_WEB_TESTS,
            ...postgresOnly,
          ],
          ...DATABASE_TESTS,
          execArgv: JSDOM_EXEC_ARGV,
        },
      },
    ],
  },
});
