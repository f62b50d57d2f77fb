/**
 * Counts failed logins per client address and per username in a window. After `maxFailures`
 * failures of one key within the window, further attempts on that key are refused (429) until the
 * window passes. A successful login clears only its own user's count: never the address's (an
 * attacker signing in with an account of its own between guesses would otherwise start again).
 *
 * Memory is bounded: at most `maxEntries` keys; when full, expired keys go first, then the oldest.
 * The counts live in this process: with several processes each keeps its own, so the limit is
 * `maxFailures` per process (N processes behind a balancer allow N times as many guesses, still bounded).
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_ENTRIES = 10_000;

type Entry = { failures: number; since: number };

export const createLoginThrottle = ({
  maxFailures = MAX_FAILURES,
  windowMs = WINDOW_MS,
  maxEntries = MAX_ENTRIES,
  now = () => Date.now(),
} = {}) => {
  // Insertion order is creation order (an entry is never re-inserted while alive): the oldest come first.
  const entries = new Map<string, Entry>();
  const isExpired = (entry: Entry): boolean => now() - entry.since > windowMs;
  const get = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && isExpired(entry)) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const makeRoom = (): void => {
    for (const [key, entry] of entries) {
      if (entries.size < maxEntries) return;
      if (isExpired(entry)) entries.delete(key);
      else break;
    }
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) return;
      entries.delete(oldest.value);
    }
  };
  return {
    isBlocked(keys: string[]): boolean {
      return keys.some((key) => (get(key)?.failures ?? 0) >= maxFailures);
    },
    recordFailure(keys: string[]): void {
      for (const key of keys) {
        const entry = get(key);
        if (entry) {
          entry.failures += 1;
          continue;
        }
        makeRoom();
        entries.set(key, { failures: 1, since: now() });
      }
    },
    /** Clears the given keys (the signed-in user's; never an address). */
    recordSuccess(keys: string[]): void {
      for (const key of keys) entries.delete(key);
    },
    /** Keys held now (for tests and metrics). */
    size(): number {
      return entries.size;
    },
  };
};
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
