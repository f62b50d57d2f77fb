import { JobState } from '@rfid/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { intervalMs, leaseUntil } from './lease.js';

/** The queries of the job runner (job-runner.ts): every time is the database's, so the processes' clocks never matter. */

export type JobRow = typeof jobs.$inferSelect;

/** One run of a job: the runner that claimed it and the claim's number. A write guarded by it fails once the job was taken over. */
export type JobFence = { id: number; owner: string; attempts: number };

const milliseconds = intervalMs;
const afterMs = leaseUntil;

const fenced = ({ id, owner, attempts }: JobFence) =>
  and(eq(jobs.id, id), eq(jobs.state, JobState.Running), eq(jobs.leaseOwner, owner), eq(jobs.attempts, attempts));

/** Queues a job; null when a job with the same key exists (whatever its state). */
export const insertJob = async (
  db: DbOrTx,
  job: { kind: string; key: string | null; payload: unknown; runAt?: Date; maxAttempts: number },
): Promise<number | null> => {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload,
      maxAttempts: job.maxAttempts,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return row?.id ?? null;
};

/**
 * Claims the oldest due job of the given kinds for `owner`: a queued one whose time has come, or a running one whose
 * lease ran out (its process died or hung). Rows another process is claiming are skipped, never waited for.
 */
export const claimJob = async (
  db: Db,
  { owner, leaseMs, kinds }: { owner: string; leaseMs: number; kinds: string[] },
): Promise<JobRow | undefined> => {
  if (kinds.length === 0) return undefined;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const [row] = await db
    .update(jobs)
    .set({
      state: JobState.Running,
      leaseOwner: owner,
      leaseUntil: afterMs(leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`now()`,
      lastError: sql`case when ${jobs.state} = ${JobState.Running}
        then 'The lease of ' || coalesce(${jobs.leaseOwner}, '?') || ' ran out before the job finished.'
        else ${jobs.lastError} end`,
    })
    .where(
      sql`${jobs.id} = (
        select j.id from jobs j
        where j.kind in (${kindList})
          and ((j.state = ${JobState.Queued} and j.run_at <= now()) or (j.state = ${JobState.Running} and j.lease_until < now()))
        order by j.run_at, j.id
        limit 1
        for update skip locked)`,
    )
    .returning();
  return row;
};

/** Extends the lease (and records progress); false when the job is no longer this run's. */
export const renewLease = async (
  db: Db,
  { fence, leaseMs, progress }: { fence: JobFence; leaseMs: number; progress?: number },
): Promise<boolean> => {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: afterMs(leaseMs), ...(progress === undefined ? {} : { progress }) })
    .where(fenced(fence))
    .returning({ id: jobs.id });
  return rows.length > 0;
};

/**
 * Runs `work` in a transaction holding the job's row, only while the job is still this run's; false (nothing done)
 * otherwise. The row lock keeps any other process from claiming the job until the transaction ends.
 */
export const withFence = async (db: Db, fence: JobFence, work: (tx: Tx) => Promise<void>): Promise<boolean> =>
  db.transaction(async (tx) => {
    const [row] = await tx.select({ id: jobs.id }).from(jobs).where(fenced(fence)).for('update');
    if (!row) return false;
    await work(tx);
    return true;
  });

export const markDone = async (tx: Tx, fence: JobFence): Promise<void> => {
  await tx
    .update(jobs)
    .set({ state: JobState.Done, progress: 100, leaseUntil: null, finishedAt: sql`now()` })
    .where(fenced(fence));
};

/** Queues the job again after `delayMs` (its next attempt). */
export const markRetry = async (tx: Tx, fence: JobFence, { delayMs, error }: { delayMs: number; error: string }) => {
  await tx
    .update(jobs)
    .set({ state: JobState.Queued, runAt: afterMs(delayMs), leaseUntil: null, lastError: error })
    .where(fenced(fence));
};

export const markFailed = async (tx: Tx, fence: JobFence, error: string): Promise<void> => {
  await tx
    .update(jobs)
    .set({ state: JobState.Failed, leaseUntil: null, lastError: error, finishedAt: sql`now()` })
    .where(fenced(fence));
};

/** Gives a job back when its process stops (not counted as an attempt): any process may take it at once. */
export const releaseJob = async (db: Db, fence: JobFence): Promise<void> => {
  await db
    .update(jobs)
    .set({
      state: JobState.Queued,
      runAt: sql`now()`,
      attempts: sql`${jobs.attempts} - 1`,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(fenced(fence));
};

/** Drops done jobs finished more than `keepDoneMs` ago and failed ones more than `keepFailedMs` ago. */
export const deleteFinishedJobs = async (
  db: DbOrTx,
  { keepDoneMs, keepFailedMs }: { keepDoneMs: number; keepFailedMs: number },
) => {
  const done = await db
    .delete(jobs)
    .where(and(eq(jobs.state, JobState.Done), lt(jobs.finishedAt, sql`now() - ${milliseconds(keepDoneMs)}`)))
    .returning({ id: jobs.id });
  const failed = await db
    .delete(jobs)
    .where(and(eq(jobs.state, JobState.Failed), lt(jobs.finishedAt, sql`now() - ${milliseconds(keepFailedMs)}`)))
    .returning({ id: jobs.id });
  return done.length + failed.length;
};
