import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server, one browser: journeys run one file at a time.
    fileParallelism: false,
    pool: 'forks',
    // Pages load lazily on a busy 2-core machine: a poll waits up to 10 s, not the default 1 s.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
