import type { Tx } from '../db/client.js';

/** The job runner's vocabulary (job-runner.ts), shared by the runner and the run of one job (job-run.ts). */

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
