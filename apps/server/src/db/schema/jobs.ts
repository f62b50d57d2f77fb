import { JOB_STATES, JobState } from '@rfid/contract';
import { bigserial, index, integer, jsonb, pgEnum, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.js';

export const jobState = pgEnum('job_state', JOB_STATES);

/**
 * The background jobs of every server process (workers/job-runner.ts, docs/background-jobs.md): a process claims a due
 * job with `FOR UPDATE SKIP LOCKED` and holds it under a lease it renews while the job runs; a job whose lease ran out
 * (its process died) is taken by any process. `key` (unique, nullable) keeps the same job from being queued twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** e.g. 'stock-snapshot:2026-11-24T10:05:00.000Z', 'sticker-pdf:12'; null: no dedupe. */
    key: text('key').unique('jobs_key_unique'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    state: jobState('state').notNull().default(JobState.Queued),
    /** Not before: a queued job is due from then on (retries are queued with a later one). */
    runAt: instant('run_at').notNull().defaultNow(),
    /** Claims so far, the one running included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** The process (runner) holding the job, and until when; kept after the end to tell who ran it. */
    leaseOwner: text('lease_owner'),
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    /** 0 to 100, as the handler reports it. */
    progress: smallint('progress').notNull().default(0),
    createdAt: createdAt(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('jobs_due_idx').on(t.state, t.runAt), index('jobs_finished_idx').on(t.state, t.finishedAt)],
);
