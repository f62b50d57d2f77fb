/**
 * Counts consecutive failed logins per client address and per username. After
 * MAX_FAILURES in a row, further attempts are refused (429) until the window passes.
 * In memory: with several processes each keeps its own count, which still bounds guessing.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

type Entry = { failures: number; since: number };

export const createLoginThrottle = ({ maxFailures = MAX_FAILURES, windowMs = WINDOW_MS, now = () => Date.now() } = {}) => {
  const entries = new Map<string, Entry>();
  const get = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && now() - entry.since > windowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    isBlocked(keys: string[]): boolean {
      return keys.some((key) => (get(key)?.failures ?? 0) >= maxFailures);
    },
    recordFailure(keys: string[]): void {
      for (const key of keys) {
        const entry = get(key) ?? { failures: 0, since: now() };
        entry.failures += 1;
        entries.set(key, entry);
      }
    },
    recordSuccess(keys: string[]): void {
      for (const key of keys) entries.delete(key);
    },
  };
};
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
