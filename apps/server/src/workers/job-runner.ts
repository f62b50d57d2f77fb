import type { Db, DbOrTx } from '../db/client.js';
import { launchJob, type Registered, type RunContext, type Running } from './job-run.js';
import { periodJob, periodStarts } from './job-schedule.js';
import { type JobHandler, type JobKindOptions, type JobLog, JobStoppedError, type PeriodicJob } from './job-types.js';
import * as repo from './jobs.repository.js';
import { processOwner } from './lease.js';
import { createWakeableNap } from './wakeable-nap.js';

export type { JobContext, JobLog } from './job-types.js';
export { JobLeaseLostError, PermanentJobError } from './job-types.js';

/**
 * The one job runner of a server process (docs/background-jobs.md, docs/design.md §8). Jobs live in the `jobs`
 * table; every process polls it, claims one due job at a time with `FOR UPDATE SKIP LOCKED` and holds it under a
 * lease it renews while the handler runs. Nothing is coordinated in process memory:
 *
 * - a job is run by one process at a time; one whose process died (its lease ran out) is taken by any other;
 * - every write that ends a run (done, retry, failed, and the handler's own `finish` transaction) is fenced by the
 *   claim (owner and attempt), so a run that lost its job changes nothing;
 * - a failed run is retried with a growing delay until `maxAttempts`, then the job is failed with its last error;
 * - periodic work is one job per period, queued by every process under the period's key: one of them runs it.
 *
 * PGlite is one process: the same code polls it.
 */

/** A kind of job as its module exports it: plugins/workers.ts registers it on the process's runner. */
export type JobKind<P> = { kind: string; handler: JobHandler<P>; options?: JobKindOptions<P> };

export type NewJob<P> = {
  kind: string;
  /** Dedupe key: a job with this key is never queued twice (e.g. 'sticker-pdf:12'). */
  key?: string;
  payload: P;
  /** Not before (default now). */
  runAt?: Date;
  maxAttempts?: number;
};

export type JobRunnerOptions = {
  db: Db;
  log: JobLog;
  /** This runner's name in the leases; unique per process (the default is host, pid and a random part). */
  owner?: string;
  /** How often an idle runner looks for due jobs. */
  pollMs?: number;
  /** How long a claim holds without renewal; renewed every third of it while the handler runs. */
  leaseMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How long `stop()` waits for running handlers before leaving them to their leases. */
  stopGraceMs?: number;
  /** Done jobs are deleted this long after they finished; failed ones after `keepFailedMs`. */
  keepDoneMs?: number;
  keepFailedMs?: number;
  now?: () => Date;
};

export const DEFAULT_MAX_ATTEMPTS = 3;
export const CLEANUP_JOB = 'jobs-cleanup';

/** Waits until every one of `promises` has settled, or `ms` have passed. */
const settledWithin = async (promises: Promise<unknown>[], ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(promises),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
};

/** Asks running handlers to stop (their jobs are given back), waits up to `graceMs`; the rest is left to the leases. */
const stopRunning = async (running: ReadonlyMap<number, Running>, graceMs: number) => {
  const current = [...running.values()];
  for (const job of current) job.controller.abort(new JobStoppedError());
  await settledWithin(
    current.map((job) => job.done),
    graceMs,
  );
  for (const job of running.values()) job.stopHeartbeat();
};

/** A new job's row: its kind's `maxAttempts` unless the job has its own. */
const jobRow = <P>(job: NewJob<P>, kindMaxAttempts: number | undefined) => ({
  kind: job.kind,
  key: job.key ?? null,
  payload: job.payload,
  ...(job.runAt ? { runAt: job.runAt } : {}),
  maxAttempts: job.maxAttempts ?? kindMaxAttempts ?? DEFAULT_MAX_ATTEMPTS,
});

/** The hourly cleanup: done and failed jobs deleted once kept long enough. */
const cleanupHandler =
  (db: Db, log: JobLog, keep: { keepDoneMs: number; keepFailedMs: number }): JobHandler<unknown> =>
  async () => {
    const deleted = await repo.deleteFinishedJobs(db, keep);
    if (deleted) log.info({ deleted }, 'old jobs deleted');
  };

export const createJobRunner = ({
  db,
  log,
  owner = processOwner(),
  pollMs = 1_000,
  leaseMs = 30_000,
  concurrency = 4,
  stopGraceMs = 10_000,
  keepDoneMs = 24 * 3_600_000,
  keepFailedMs = 14 * 24 * 3_600_000,
  now = () => new Date(),
}: JobRunnerOptions) => {
  const handlers = new Map<string, Registered>();
  const periodic = new Map<string, PeriodicJob & { queuedUntil: number }>();
  const running = new Map<number, Running>();
  let loop: Promise<void> | undefined;
  let isStopping = false;
  let isFailing = false;

  const { wake, nap } = createWakeableNap(() => isStopping);

  /** One log line per spell of database trouble, not one a second. */
  const trouble = (error: unknown, message: string) => {
    if (!isFailing) log.error({ err: error }, message);
    isFailing = true;
  };

  const enqueue = async <P>(target: DbOrTx, job: NewJob<P>): Promise<number | null> => {
    const id = await repo.insertJob(target, jobRow(job, handlers.get(job.kind)?.options.maxAttempts));
    // Queued in a transaction not yet committed, the next poll finds it instead.
    wake();
    return id;
  };

  /** Each process queues the next period's job of every periodic kind (and the current one at start, if asked); the key makes it one. */
  const queuePeriodic = async () => {
    const at = now().getTime();
    for (const schedule of periodic.values()) {
      const { starts, next } = periodStarts(schedule, schedule.queuedUntil, at);
      if (starts.length === 0) continue;
      for (const start of starts) await enqueue(db, periodJob(schedule, new Date(start)));
      schedule.queuedUntil = next;
    }
  };

  const ctx: RunContext = { db, log, owner, leaseMs, handlers };

  const poll = async () => {
    while (!isStopping) {
      try {
        await queuePeriodic();
        while (!isStopping && running.size < concurrency) {
          const row = await repo.claimJob(db, { owner, leaseMs, kinds: [...handlers.keys()] });
          if (!row) break;
          running.set(
            row.id,
            launchJob(ctx, row, () => {
              running.delete(row.id);
              wake();
            }),
          );
        }
        isFailing = false;
      } catch (error) {
        trouble(error, 'job runner: polling failed');
      }
      await nap(pollMs);
    }
  };

  const runner = {
    owner,
    /** Registers the handler of a kind; this process then claims jobs of that kind. */
    register<P>(kind: string, handler: JobHandler<P>, options: JobKindOptions<P> = {}): void {
      // Payloads are what `enqueue` stored for this kind: the handler's type is the contract between the two.
      handlers.set(kind, { handler: handler as JobHandler<unknown>, options: options as JobKindOptions<unknown> });
    },
    /** Registers a kind as its module exports it (plugins/workers.ts). */
    add<P>({ kind, handler, options }: JobKind<P>): void {
      runner.register(kind, handler, options);
    },
    /** Queues a job (in `target`'s transaction when it is one); null when its key is taken. */
    enqueue,
    /** A job per period of `everyMs` (registered kind), whichever process gets to it. */
    every(schedule: PeriodicJob): void {
      periodic.set(schedule.kind, { ...schedule, queuedUntil: 0 });
      wake();
    },
    /** Looks for due jobs now (e.g. after committing a transaction that queued one). */
    wake,
    start(): void {
      if (loop) return;
      isStopping = false;
      loop = poll();
    },
    /**
     * Stops claiming, asks running handlers to stop (their jobs are given back) and waits up to `graceMs` for them;
     * a handler still running then is left to its lease, which another process takes over when it runs out.
     */
    async stop({ graceMs = stopGraceMs }: { graceMs?: number } = {}): Promise<void> {
      if (!loop) return;
      isStopping = true;
      wake();
      await loop;
      loop = undefined;
      await stopRunning(running, graceMs);
    },
    /** Ids of the jobs this process is running. */
    runningJobIds: (): number[] => [...running.keys()],
  };

  runner.register(CLEANUP_JOB, cleanupHandler(db, log, { keepDoneMs, keepFailedMs }));
  runner.every({ kind: CLEANUP_JOB, everyMs: 3_600_000 });

  return runner;
};
export type JobRunner = ReturnType<typeof createJobRunner>;
