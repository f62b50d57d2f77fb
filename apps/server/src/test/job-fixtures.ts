import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { createJobRunner, type JobLog, type JobRunner, type JobRunnerOptions } from '../workers/job-runner.js';

/** What the job runner tests share: quiet runners standing for server processes, and waiting with a deadline. */

export const silentLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Polls `read` every `pollMs` until `isDone` says so; fails after `timeoutMs` with the last value. */
export const waitUntil = async <T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs = 15_000,
  pollMs = 20,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
};

/** A promise the test opens when it wants (a handler waiting on it stands for work in progress). */
export const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

/** Runners made by a test, each one a "process" on the same database; `stopAll` in afterEach. */
export const runnerPool = (db: Db) => {
  const made: JobRunner[] = [];
  return {
    make(owner: string, options: Partial<Omit<JobRunnerOptions, 'db' | 'owner'>> = {}): JobRunner {
      const runner = createJobRunner({ db, log: silentLog, owner, pollMs: 20, ...options });
      made.push(runner);
      return runner;
    },
    async stopAll(): Promise<void> {
      await Promise.all(made.splice(0).map((runner) => runner.stop({ graceMs: 2_000 })));
    },
  };
};

export const jobRow = async (db: Db, id: number) => {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} not found`);
  return row;
};

export const jobsOfKind = (db: Db, kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind));
