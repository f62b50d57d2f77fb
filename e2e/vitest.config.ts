import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { e2eWorkers } from './workers';

/**
 * The route walks (e2e/routes) first: they read the demo as it was seeded (the oldest orders' verified boxes, say), and
 * the journeys that share their worker's server write to it (new orders, boxes). Then the rest in Vitest's own order.
 */
class WalksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isWalk = (file: TestSpecification) => file.moduleId.includes('/e2e/routes/');
    return [...sorted.filter(isWalk), ...sorted.filter((file) => !isWalk(file))];
  }
}

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // A journey's steps at load 15–20 (CI runs the API suites beside): 60 s was met by long journeys there.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One server and one browser a worker (support/global-setup.ts).
    fileParallelism: e2eWorkers > 1,
    maxWorkers: e2eWorkers,
    sequence: { sequencer: WalksFirst },
    pool: 'forks',
    // Pages load lazily on a busy 2-core machine: a poll waits up to 20 s, not the default 1 s (CI, 2026-11-25: the
    // locations list took over 10 s beside the API suites). A poll that passes returns at once.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    // The journeys' days are the demo locations' (Europe/Madrid), as are the browsers' (support/browser.ts): between
    // 23:00 and 24:00 UTC a UTC day would already be yesterday there.
    env: { TZ: 'Europe/Madrid' },
  },
});
