import { defineConfig } from 'vitest/config';

/** The deployable stack's smoke test (deploy/stack.smoke.ts): its own run, not the root suites' (scripts/test.mjs). */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['deploy/**/*.smoke.ts'],
    // The stack starts once for the file: PostgreSQL, PgBouncer, Mosquitto, the processes (first migration and seed),
    // HAProxy and Prometheus take 1 to 2 minutes on a loaded 2-core machine.
    hookTimeout: 300_000,
    testTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
