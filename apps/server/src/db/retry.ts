/**
 * The one retry loop of the server: work that depends on the database (a start-up step, a reads message's write,
 * the LISTEN connection) runs again after a failure, with exponential backoff, until it succeeds, the caller stops,
 * or the failure is not one to wait out (`shouldRetry`). A long outage writes a line at the first failure and then
 * one every `logEveryMs`, not one per attempt, and a line when the work succeeds after failing.
 */

import { isDatabaseUnavailableError } from './errors.js';

/** What the loop writes to (a Fastify/pino logger, or main.ts's console before the app exists). */
export type RetryLog = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

export type RetryOptions = {
  /** What is waiting, for the log lines: "reads not stored yet", "start-up: migrating the database". */
  what: string;
  /** Whether this failure is worth waiting out; otherwise it is thrown at once. Default: every failure. */
  shouldRetry?: (error: unknown) => boolean;
  /** The loop gives up (throws the last failure) once this answers true (the process is stopping). */
  isStopping?: () => boolean;
  /** The first pause; each next one doubles, up to `maxMs`. */
  baseMs?: number;
  maxMs?: number;
  /** One log line at the first failure, then at most one per this many milliseconds. */
  logEveryMs?: number;
  /** Waits between attempts (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The pause before attempt `attempt + 1` (0-based): baseMs · 2^attempt, at most maxMs. */
export const backoffMs = (attempt: number, baseMs: number, maxMs: number): number =>
  Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));

export const withRetry = async <T>(
  work: () => Promise<T>,
  log: RetryLog,
  {
    what,
    shouldRetry = () => true,
    isStopping = () => false,
    baseMs = 250,
    maxMs = 5_000,
    logEveryMs = 30_000,
    sleep = pause,
    now = Date.now,
  }: RetryOptions,
): Promise<T> => {
  const started = now();
  let loggedAt: number | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await work();
      if (attempt > 0) log.info({ attempts: attempt + 1, waitedMs: now() - started }, `${what}: done after a wait`);
      return result;
    } catch (error) {
      if (!shouldRetry(error) || isStopping()) throw error;
      const delayMs = backoffMs(attempt, baseMs, maxMs);
      if (loggedAt === undefined || now() - loggedAt >= logEveryMs) {
        loggedAt = now();
        log.warn({ err: error, attempt: attempt + 1, waitedMs: loggedAt - started, retryInMs: delayMs }, `${what}; retrying`);
      }
      await sleep(delayMs);
      if (isStopping()) throw error;
    }
  }
};

/**
 * Start-up work that waits out the database being away (not there yet, restarting, connections cut: db/errors.ts);
 * any other failure (a migration that cannot run, a bug) is thrown and ends the start, as it should.
 */
export const whileDatabaseAway = <T>(
  what: string,
  work: () => Promise<T>,
  log: RetryLog,
  options: Omit<RetryOptions, 'what' | 'shouldRetry'> = {},
): Promise<T> => withRetry(work, log, { what, shouldRetry: isDatabaseUnavailableError, ...options });
