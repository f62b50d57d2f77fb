/** At most this many entries; a full cache is emptied (the next reads refill it). */
const MAX_ENTRIES = 10_000;

/**
 * A process's short cache of rows that a PostgreSQL trigger announces the change of (NOTIFY on a channel; see
 * `Database.listen`). Entries live `ttlMs` at most (or less: `set`'s `until`) and all go at each notification
 * (`clear`). It is filled only while notifications arrive (`setTrusted(true)`, after the listening connection is up),
 * and a value read before an eviction (`since`, from `generation()` before the read) is not kept: it may predate the
 * change that caused it. Used by the token cache (plugins/auth.ts, `auth_changed`) and the readers' key cache
 * (modules/ingest, `devices_changed`).
 */
export const createNotifiedCache = <V>(ttlMs: number) => {
  const entries = new Map<string, { value: V; until: number }>();
  let trusted = false;
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  return {
    /** Counts the evictions: read it before loading a value, pass it to `set`. */
    generation: () => generation,
    get(key: string, now = Date.now()): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    /** Keeps `value` until `ttlMs` from now, or `until` (ms since the epoch) when that is sooner. */
    set(key: string, value: V, since: number, { until = Number.POSITIVE_INFINITY, now = Date.now() } = {}) {
      if (!trusted || ttlMs <= 0 || since !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { value, until: Math.min(now + ttlMs, until) });
    },
    clear,
    /** Whether notifications arrive: the cache is emptied either way, and filled only while they do. */
    setTrusted(listening: boolean) {
      trusted = listening;
      clear();
    },
  };
};
