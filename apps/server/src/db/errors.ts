/**
 * What a database error means for the caller: the database is away (answer 503, try again
 * later), or two transactions met (deadlock, serialization failure: run the transaction again).
 * Drizzle wraps driver errors (`cause`), so the whole chain is looked at.
 */

type Coded = { code?: unknown; message?: unknown; cause?: unknown };

const chain = (error: unknown): Coded[] => {
  const out: Coded[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    out.push(current as Coded);
    current = (current as Coded).cause;
  }
  return out;
};

/** SQLSTATE 40P01 deadlock_detected, 40001 serialization_failure: safe to run the transaction again. */
export const isRetryableTransactionError = (error: unknown): boolean =>
  chain(error).some((e) => e.code === '40P01' || e.code === '40001');

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
  'the database system is',
  'terminating connection',
  'is not currently accepting connections',
];

/** The database cannot be reached or is restarting (connection class 08, admin shutdown 57P0x, socket errors). */
export const isDatabaseUnavailableError = (error: unknown): boolean =>
  chain(error).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    // 57P0x: shutting down or starting up; 53300: too many connections; 55000 only as "database … is not
    // currently accepting connections" (ALTER DATABASE … ALLOW_CONNECTIONS false, a maintenance window).
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    return UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
  });

/**
 * SQLSTATE 53100 disk_full: PostgreSQL could not write (its disk is full), or the embedded database refuses writes while
 * its disk is nearly full (db/pglite-handle.ts). Nothing was written; it clears once there is room (answered 507).
 */
export const isDiskFullError = (error: unknown): boolean => chain(error).some((e) => e.code === '53100');

/** Runs `work` again after a deadlock or serialization failure, a few times with a short random pause. */
export const withTransactionRetry = async <T>(work: () => Promise<T>, { attempts = 5 }: { attempts?: number } = {}) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
};
