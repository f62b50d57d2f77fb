import type { Db, DbOrTx, Tx } from '../db/client.js';
import { countJobRun } from '../plugins/metrics.js';
import * as repo from './jobs.repository.js';
import { processOwner, renewEveryMs } from './lease.js';
import { createWakeableNap } from './wakeable-nap.js';

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

export type JobLog = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type Job<P = unknown> = {
  id: number;
  kind: string;
  key: string | null;
  payload: P;
  /** This run's number (1 for the first). */
  attempts: number;
  maxAttempts: number;
  progress: number;
  runAt: Date;
};

export type JobContext<P> = {
  job: Job<P>;
  /** Aborted when the process stops or another process took the job over: stop soon (throwing is fine). */
  signal: AbortSignal;
  /** Renews the lease now and records the progress (0 to 100); throws JobLeaseLostError when the job is no longer this run's. */
  heartbeat: (progress?: number) => Promise<void>;
  /**
   * Runs `work` in a transaction that commits only while the job is this run's, and marks the job done in it; throws
   * JobLeaseLostError (nothing committed) otherwise. Without it the job is marked done when the handler returns.
   */
  finish: (work?: (tx: Tx) => Promise<void>) => Promise<void>;
};

export type JobHandler<P> = (context: JobContext<P>) => Promise<void>;

export type JobKindOptions<P> = {
  maxAttempts?: number;
  /** Delay before the first retry; it doubles with every attempt, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** In the transaction that fails the job for good: record the failure where its users see it. */
  onFailed?: (tx: Tx, job: Job<P>, error: string) => Promise<void>;
};

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

export type PeriodicJob = {
  kind: string;
  everyMs: number;
  /** Where the periods start, from the epoch (e.g. 1 s for 00:00:01 with a one-day period). */
  offsetMs?: number;
  /** Also the job of the period under way, when a process starts (it runs at once unless it ran already). */
  isCurrentPeriodDue?: boolean;
  /** The payload of the period that starts at `start` (default {}). */
  payloadOf?: (start: Date) => unknown;
  /** The key of the period that starts at `start` (default `<kind>:<start ISO>`). */
  keyOf?: (start: Date) => string;
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

/** The job was taken over by another run (its lease ran out): this run must not write its result. */
export class JobLeaseLostError extends Error {
  constructor() {
    super('The job was taken over by another process.');
    this.name = 'JobLeaseLostError';
  }
}

/** The process is stopping: the job is given back, not failed. */
export class JobStoppedError extends Error {
  constructor() {
    super('The job runner stopped.');
    this.name = 'JobStoppedError';
  }
}

/** A failure that another attempt cannot mend: the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export const DEFAULT_MAX_ATTEMPTS = 3;
export const CLEANUP_JOB = 'jobs-cleanup';

type Registered = { handler: JobHandler<unknown>; options: JobKindOptions<unknown> };
type Running = { controller: AbortController; stopHeartbeat: () => void; done: Promise<void> };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 2_000);

const toJob = (row: repo.JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  key: row.key,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  progress: row.progress,
  runAt: row.runAt,
});

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
    const id = await repo.insertJob(target, {
      kind: job.kind,
      key: job.key ?? null,
      payload: job.payload,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      maxAttempts: job.maxAttempts ?? handlers.get(job.kind)?.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    });
    // Queued in a transaction not yet committed, the next poll finds it instead.
    wake();
    return id;
  };

  /** Each process queues the next period's job of every periodic kind (and the current one at start, if asked); the key makes it one. */
  const queuePeriodic = async () => {
    const at = now().getTime();
    for (const schedule of periodic.values()) {
      const offset = schedule.offsetMs ?? 0;
      const current = Math.floor((at - offset) / schedule.everyMs) * schedule.everyMs + offset;
      const next = current + schedule.everyMs;
      if (schedule.queuedUntil >= next) continue;
      const starts = schedule.queuedUntil === 0 && schedule.isCurrentPeriodDue ? [current, next] : [next];
      for (const start of starts) {
        const date = new Date(start);
        await enqueue(db, {
          kind: schedule.kind,
          key: schedule.keyOf ? schedule.keyOf(date) : `${schedule.kind}:${date.toISOString()}`,
          payload: schedule.payloadOf ? schedule.payloadOf(date) : {},
          runAt: date,
        });
      }
      schedule.queuedUntil = next;
    }
  };

  const retryDelay = (options: JobKindOptions<unknown>, attempts: number) =>
    Math.min((options.retryBaseMs ?? 5_000) * 2 ** Math.max(0, attempts - 1), options.retryMaxMs ?? 5 * 60_000);

  const failForGood = async (registered: Registered, job: Job, fence: repo.JobFence, error: string) => {
    try {
      await repo.withFence(db, fence, async (tx) => {
        await registered.options.onFailed?.(tx, job, error);
        await repo.markFailed(tx, fence, error);
      });
    } catch (onFailedError) {
      // The job still ends, so that it is not run again and again; its record of the failure is what was lost.
      log.error({ err: onFailedError, jobId: job.id, kind: job.kind }, 'recording a job failure failed');
      await repo.withFence(db, fence, (tx) => repo.markFailed(tx, fence, error));
    }
    countJobRun(job.kind, 'failed');
    log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, error }, 'job failed');
  };

  const execute = async (row: repo.JobRow, controller: AbortController, state: { isFinishing: boolean }) => {
    const registered = handlers.get(row.kind);
    if (!registered) return; // only registered kinds are claimed
    const fence: repo.JobFence = { id: row.id, owner, attempts: row.attempts };
    const job = toJob(row);
    if (row.attempts > row.maxAttempts) {
      // Every attempt ended with its process (or hung): not one more.
      await failForGood(registered, job, fence, row.lastError ?? 'The job did not finish.');
      return;
    }
    const heartbeat = async (progress?: number) => {
      const isOurs = await repo.renewLease(db, {
        fence,
        leaseMs,
        ...(progress === undefined ? {} : { progress: Math.max(0, Math.min(100, Math.round(progress))) }),
      });
      if (isOurs || state.isFinishing) return;
      const lost = new JobLeaseLostError();
      controller.abort(lost);
      throw lost;
    };
    const finish = async (work?: (tx: Tx) => Promise<void>) => {
      if (state.isFinishing) return;
      state.isFinishing = true;
      const isOurs = await repo
        .withFence(db, fence, async (tx) => {
          await work?.(tx);
          await repo.markDone(tx, fence);
        })
        .catch((error: unknown) => {
          state.isFinishing = false;
          throw error;
        });
      if (isOurs) return;
      state.isFinishing = false;
      const lost = new JobLeaseLostError();
      controller.abort(lost);
      throw lost;
    };
    try {
      await registered.handler({ job, signal: controller.signal, heartbeat, finish });
      await finish();
      countJobRun(job.kind, 'done');
    } catch (error) {
      if (state.isFinishing) {
        log.error({ err: error, jobId: job.id, kind: job.kind }, 'job finished, then failed');
        return;
      }
      if (error instanceof JobLeaseLostError || controller.signal.reason instanceof JobLeaseLostError) {
        log.warn({ jobId: job.id, kind: job.kind }, 'job taken over by another process; this run is dropped');
        return;
      }
      if (controller.signal.reason instanceof JobStoppedError) {
        await repo.releaseJob(db, fence);
        return;
      }
      const message = messageOf(error);
      if (!(error instanceof PermanentJobError) && job.attempts < job.maxAttempts) {
        const delayMs = retryDelay(registered.options, job.attempts);
        await repo.withFence(db, fence, (tx) => repo.markRetry(tx, fence, { delayMs, error: message }));
        countJobRun(job.kind, 'retry');
        log.warn(
          { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delayMs },
          'job failed; retrying',
        );
        return;
      }
      await failForGood(registered, job, fence, message);
    }
  };

  const launch = (row: repo.JobRow) => {
    const controller = new AbortController();
    const state = { isFinishing: false };
    const renewal = setInterval(() => {
      repo.renewLease(db, { fence: { id: row.id, owner, attempts: row.attempts }, leaseMs }).then(
        (isOurs) => {
          if (!isOurs && !state.isFinishing) controller.abort(new JobLeaseLostError());
        },
        () => {}, // the next renewal, or the fence at the end, settles it
      );
    }, renewEveryMs(leaseMs));
    renewal.unref();
    const done = execute(row, controller, state)
      .catch((error: unknown) => log.error({ err: error, jobId: row.id, kind: row.kind }, 'job runner error'))
      .finally(() => {
        clearInterval(renewal);
        running.delete(row.id);
        wake();
      });
    running.set(row.id, { controller, stopHeartbeat: () => clearInterval(renewal), done });
  };

  const poll = async () => {
    while (!isStopping) {
      try {
        await queuePeriodic();
        while (!isStopping && running.size < concurrency) {
          const row = await repo.claimJob(db, { owner, leaseMs, kinds: [...handlers.keys()] });
          if (!row) break;
          launch(row);
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
      const current = [...running.values()];
      for (const job of current) job.controller.abort(new JobStoppedError());
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(current.map((job) => job.done)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      for (const job of running.values()) job.stopHeartbeat();
    },
    /** Ids of the jobs this process is running. */
    runningJobIds: (): number[] => [...running.keys()],
  };

  runner.register(CLEANUP_JOB, async () => {
    const deleted = await repo.deleteFinishedJobs(db, { keepDoneMs, keepFailedMs });
    if (deleted) log.info({ deleted }, 'old jobs deleted');
  });
  runner.every({ kind: CLEANUP_JOB, everyMs: 3_600_000 });

  return runner;
};
export type JobRunner = ReturnType<typeof createJobRunner>;
