import type { Db, Tx } from '../db/client.js';
import { countJobRun } from '../plugins/metrics.js';
import {
  type Job,
  type JobHandler,
  type JobKindOptions,
  JobLeaseLostError,
  type JobLog,
  JobStoppedError,
  PermanentJobError,
} from './job-types.js';
import * as repo from './jobs.repository.js';
import { renewEveryMs } from './lease.js';

/** The run of one claimed job (job-runner.ts): its lease renewed, its end written under the claim's fence. */

export type Registered = { handler: JobHandler<unknown>; options: JobKindOptions<unknown> };
export type Running = { controller: AbortController; stopHeartbeat: () => void; done: Promise<void> };

/** What a run needs of its runner. */
export type RunContext = {
  db: Db;
  log: JobLog;
  owner: string;
  leaseMs: number;
  handlers: ReadonlyMap<string, Registered>;
};

type RunState = { isFinishing: boolean };

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

/** The delay before the retry after attempt `attempts`: from `retryBaseMs` (5 s), doubling, at most `retryMaxMs` (5 min). */
export const retryDelay = (options: JobKindOptions<unknown>, attempts: number) =>
  Math.min((options.retryBaseMs ?? 5_000) * 2 ** Math.max(0, attempts - 1), options.retryMaxMs ?? 5 * 60_000);

const failForGood = async (ctx: RunContext, registered: Registered, job: Job, fence: repo.JobFence, error: string) => {
  const { db, log } = ctx;
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

/** The handler's `heartbeat` and `finish` (JobContext): each fenced by the claim; a lost claim aborts the run. */
const runControls = (ctx: RunContext, fence: repo.JobFence, controller: AbortController, state: RunState) => {
  const { db, leaseMs } = ctx;
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
  return { heartbeat, finish };
};

/** A run that threw: dropped (finished, or taken over), given back (stopping), retried later, or failed for good. */
const settleFailure = async (
  ctx: RunContext,
  run: { registered: Registered; job: Job; fence: repo.JobFence; controller: AbortController; state: RunState },
  error: unknown,
) => {
  const { db, log } = ctx;
  const { registered, job, fence, controller, state } = run;
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
    log.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delayMs }, 'job failed; retrying');
    return;
  }
  await failForGood(ctx, registered, job, fence, message);
};

const execute = async (ctx: RunContext, row: repo.JobRow, controller: AbortController, state: RunState) => {
  const registered = ctx.handlers.get(row.kind);
  if (!registered) return; // only registered kinds are claimed
  const fence: repo.JobFence = { id: row.id, owner: ctx.owner, attempts: row.attempts };
  const job = toJob(row);
  if (row.attempts > row.maxAttempts) {
    // Every attempt ended with its process (or hung): not one more.
    await failForGood(ctx, registered, job, fence, row.lastError ?? 'The job did not finish.');
    return;
  }
  const { heartbeat, finish } = runControls(ctx, fence, controller, state);
  try {
    await registered.handler({ job, signal: controller.signal, heartbeat, finish });
    await finish();
    countJobRun(job.kind, 'done');
  } catch (error) {
    await settleFailure(ctx, { registered, job, fence, controller, state }, error);
  }
};

/** Runs a claimed job, its lease renewed meanwhile; `onEnd` once it is over (whatever the outcome). */
export const launchJob = (ctx: RunContext, row: repo.JobRow, onEnd: () => void): Running => {
  const { db, log, owner, leaseMs } = ctx;
  const controller = new AbortController();
  const state: RunState = { isFinishing: false };
  const renewal = setInterval(() => {
    repo.renewLease(db, { fence: { id: row.id, owner, attempts: row.attempts }, leaseMs }).then(
      (isOurs) => {
        if (!isOurs && !state.isFinishing) controller.abort(new JobLeaseLostError());
      },
      () => {}, // the next renewal, or the fence at the end, settles it
    );
  }, renewEveryMs(leaseMs));
  renewal.unref();
  const done = execute(ctx, row, controller, state)
    .catch((error: unknown) => log.error({ err: error, jobId: row.id, kind: row.kind }, 'job runner error'))
    .finally(() => {
      clearInterval(renewal);
      onEnd();
    });
  return { controller, stopHeartbeat: () => clearInterval(renewal), done };
};
