import { createHash } from 'node:crypto';
import type { createAuthRepository } from './auth.repository.js';

/**
 * Counts failed logins per client address and per username in a window. After `maxFailures` failures of one key within
 * the window, further attempts on that key are refused (429) until the window has passed. A successful login clears only
 * its own user's count, never the address's (an attacker signing in with an account of its own between guesses would
 * otherwise start again).
 *
 * The counts are rows of `login_failures`, on the database's clock, so every server process shares them: N processes
 * behind a balancer allow `maxFailures` guesses in all, not N times as many. Rows older than the window are deleted as
 * failures are recorded, so the table holds at most the keys that failed within one window.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/** A key as stored: as it is when short, else its SHA-256 (an index entry has a size limit; a key has none). */
const storedKey = (key: string): string =>
  key.length <= 200 ? key : `${key.slice(0, key.indexOf(':') + 1)}#${createHash('sha256').update(key).digest('hex')}`;
const storedKeys = (keys: string[]): string[] => keys.map(storedKey);

export const createLoginThrottle = ({
  repo,
  maxFailures = MAX_FAILURES,
  windowMs = WINDOW_MS,
}: {
  repo: Pick<ReturnType<typeof createAuthRepository>, 'failuresOf' | 'recordFailures' | 'clearFailures'>;
  maxFailures?: number;
  windowMs?: number;
}) => ({
  async isBlocked(keys: string[]): Promise<boolean> {
    return (await repo.failuresOf(storedKeys(keys), windowMs)) >= maxFailures;
  },
  recordFailure: (keys: string[]): Promise<void> => repo.recordFailures(storedKeys(keys), windowMs),
  /** Clears the given keys (the signed-in user's; never an address). */
  recordSuccess: (keys: string[]): Promise<void> => repo.clearFailures(storedKeys(keys)),
});
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
