import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError, isDiskFullError, isRetryableTransactionError, withTransactionRetry } from './errors.js';
import { DiskLowError, PgliteStoppedError } from './pglite-handle.js';

/** Drizzle wraps the driver's error: the SQLSTATE is on `cause`. */
const wrapped = (code: string, message = 'failed') => Object.assign(new Error('Failed query: …'), { cause: { code, message } });

describe('database errors', () => {
  it('retries deadlocks and serialization failures, nothing else', () => {
    expect(isRetryableTransactionError(wrapped('40P01'))).toBe(true);
    expect(isRetryableTransactionError(wrapped('40001'))).toBe(true);
    expect(isRetryableTransactionError(wrapped('23505'))).toBe(false);
    expect(isRetryableTransactionError(new Error('boom'))).toBe(false);
  });

  it('tells a database that is away from a bad query', () => {
    expect(isDatabaseUnavailableError(wrapped('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailableError(wrapped('08006'))).toBe(true);
    expect(
      isDatabaseUnavailableError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailableError(wrapped('55000', 'database "rfid" is not currently accepting connections'))).toBe(true);
    expect(isDatabaseUnavailableError(wrapped('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isDatabaseUnavailableError(wrapped('55000', 'cannot do that now'))).toBe(false);
    expect(isDatabaseUnavailableError(wrapped('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailableError(wrapped('42P01', 'relation does not exist'))).toBe(false);
  });

  it('tells a full disk (SQLSTATE 53100) from the rest', () => {
    expect(isDiskFullError(wrapped('53100', 'could not extend file "base/5/16397": No space left on device'))).toBe(true);
    // The embedded database refusing writes while its disk is nearly full, or stopped by a full disk.
    expect(isDiskFullError(new DiskLowError())).toBe(true);
    expect(isDiskFullError(new PgliteStoppedError(true))).toBe(true);
    // Stopped for another reason: the database is away (503), not the disk.
    expect(isDiskFullError(new PgliteStoppedError(false))).toBe(false);
    expect(isDatabaseUnavailableError(new PgliteStoppedError(false))).toBe(true);
    expect(isDiskFullError(wrapped('53200', 'out of memory'))).toBe(false);
    expect(isDiskFullError(wrapped('25006', 'cannot execute INSERT in a read-only transaction'))).toBe(false);
  });

  it('runs a transaction again after a deadlock, a bounded number of times', async () => {
    let calls = 0;
    await expect(
      withTransactionRetry(async () => {
        calls += 1;
        if (calls < 3) throw wrapped('40P01');
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      withTransactionRetry(
        async () => {
          calls += 1;
          throw wrapped('40001');
        },
        { attempts: 4 },
      ),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(4);

    calls = 0;
    await expect(
      withTransactionRetry(async () => {
        calls += 1;
        throw wrapped('23505');
      }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
