import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { isDatabaseUnavailableError } from './errors.js';

/**
 * Read replicas (DATABASE_READ_URL, docs/read-replicas.md). Lists and statistics read through `readDb` (db/client.ts),
 * whose queries go to a PostgreSQL streaming standby while it keeps up, else to the primary. This file holds:
 * - the lag rule (`freshAsOf`, pure): how recent the standby's data is known to be, from the primary's WAL position
 *   sampled over time and the standby's replayed position;
 * - the monitor that samples both, every DATABASE_READ_CHECK_MS;
 * - the routing pool drizzle queries through: each request picks one server for all its reads (its store, below),
 *   the primary when the standby lags more than DATABASE_READ_MAX_LAG_MS, is unreachable or is no standby, or has not
 *   replayed the requesting user's last write yet; a read that fails on the standby for want of a connection runs
 *   again on the primary.
 */

export type ReadTarget = 'replica' | 'primary';
/** Why reads go where they go: `ok` (the standby keeps up), else why they go to the primary. */
export type ReadReason = 'ok' | 'starting' | 'lag' | 'unreachable' | 'not_standby';

/** One sample of the primary's WAL position: at `at` (ms), every transaction committed before `at` is below `lsn`. */
export type WalSample = { at: number; lsn: bigint };

/** `pg_lsn` text (`16/B374D848`) as a number of bytes. */
export const lsnBytes = (text: string): bigint => {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${JSON.stringify(text)}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
};

/**
 * The lag rule. The standby has replayed up to `replayed`; the primary's position was sampled as `samples` (oldest
 * first). The newest sample at or below `replayed` is a moment whose every commit the standby has: its data is at least
 * that fresh (undefined: fresher than no sample). `now() - pg_last_xact_replay_timestamp()` would not do: it grows
 * while the primary is idle, and says nothing of what the standby has not received.
 */
export const freshAsOf = (samples: readonly WalSample[], replayed: bigint): number | undefined => {
  let fresh: number | undefined;
  for (const sample of samples) if (sample.lsn <= replayed) fresh = sample.at;
  return fresh;
};

export type ReadReplicaStatus = {
  /** Where a read of a user with no recent write goes now. */
  target: ReadTarget;
  reason: ReadReason;
  /** At most this old is the standby's data (ms; null: not known). */
  lagMs: number | null;
  /** WAL bytes the standby had still to replay at the last check (null: not known). */
  bytesBehind: number | null;
  checkedAt: Date | null;
  maxLagMs: number;
  /** Reads that failed on the standby for want of a connection and ran on the primary (since the start). */
  fallbacks: number;
};

/** One request's reads: its user (for read-your-writes) and, once its first read is routed, the server of them all. */
type ReadScope = { userId: number | undefined; target: ReadTarget | undefined };

export type ReadRouter = {
  /** A pg.Pool look-alike drizzle queries through (its class name says Pool: drizzle checks it for transactions). */
  pool: ReadRoutingPool;
  /**
   * Runs `next` (the rest of a request) with its reads routed for `userId`; `primaryOnly` pins them to the primary
   * (a request that writes reads its own writes).
   */
  runRequest: (userId: number | undefined, primaryOnly: boolean, next: () => void) => void;
  /** `userId` wrote just now (a write request answered): their reads go to the primary until the standby has it. */
  noteWrite: (userId: number) => void;
  status: () => ReadReplicaStatus;
  /** One check now (the monitor's; tests wait on it rather than on the clock). */
  check: () => Promise<void>;
  close: () => Promise<void>;
};

/** Routes each query to the pool `pick` chooses; a connection failure on the standby runs it again on the primary. */
export class ReadRoutingPool {
  constructor(
    private readonly pick: () => ReadTarget,
    private readonly pools: Record<ReadTarget, pg.Pool>,
    private readonly onReplicaDown: (error: unknown) => void,
  ) {}

  private async onEither<T>(work: (pool: pg.Pool) => Promise<T>): Promise<T> {
    const target = this.pick();
    if (target === 'primary') return work(this.pools.primary);
    try {
      return await work(this.pools.replica);
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) throw error;
      this.onReplicaDown(error);
      return work(this.pools.primary);
    }
  }

  // drizzle calls query(config, values) and connect() only (drizzle-orm/node-postgres/session.js).
  query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    return this.onEither((pool) => pool.query(config, values));
  }

  connect(): Promise<pg.PoolClient> {
    return this.onEither((pool) => pool.connect());
  }
}

export type ReadRouterOptions = {
  primary: pg.Pool;
  replica: pg.Pool;
  /** The monitor's own connection to the standby (one): its checks never wait behind busy reads. */
  replicaMonitor: pg.Pool;
  /** DATABASE_READ_MAX_LAG_MS. */
  maxLagMs: number;
  /** DATABASE_READ_CHECK_MS: how often the monitor samples both servers. */
  checkMs: number;
  onError?: (error: Error) => void;
  now?: () => number;
};

/** At most this many WAL samples are kept (a standby stuck for long: the oldest go, which only makes it look older). */
const MAX_SAMPLES = 2_000;

export const createReadRouter = ({
  primary,
  replica,
  replicaMonitor,
  maxLagMs,
  checkMs,
  onError = () => {},
  now = Date.now,
}: ReadRouterOptions): ReadRouter => {
  const scopes = new AsyncLocalStorage<ReadScope>();
  let samples: WalSample[] = [];
  let fresh: number | undefined;
  let reason: ReadReason = 'starting';
  let bytesBehind: number | null = null;
  let checkedAt: Date | null = null;
  let fallbacks = 0;
  /** Users' last writes in this process (ms), kept while they may still matter (maxLagMs). */
  const writes = new Map<number, number>();

  /** Where reads go now, for a user whose last write here was at `wroteAt`. */
  const targetNow = (wroteAt: number | undefined): ReadTarget => {
    if (reason !== 'ok' && reason !== 'lag') return 'primary';
    if (fresh === undefined || now() - fresh > maxLagMs) return 'primary';
    if (wroteAt !== undefined && fresh < wroteAt) return 'primary';
    return 'replica';
  };
  const pick = (): ReadTarget => {
    const scope = scopes.getStore();
    if (scope?.target) return scope.target;
    const target = targetNow(scope?.userId === undefined ? undefined : writes.get(scope.userId));
    if (scope) scope.target = target;
    return target;
  };
  const replicaDown = (error: unknown) => {
    reason = 'unreachable';
    fallbacks++;
    const scope = scopes.getStore();
    if (scope) scope.target = 'primary';
    if (error instanceof Error) onError(error);
  };
  const pool = new ReadRoutingPool(pick, { primary, replica }, replicaDown);

  let checking: Promise<void> | undefined;
  const checkOnce = async () => {
    const at = now();
    try {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const lsn = lsnBytes(rows[0]?.lsn ?? '');
      samples.push({ at, lsn });
      if (samples.length > MAX_SAMPLES) samples = samples.slice(-MAX_SAMPLES);
    } catch {
      return; // the primary is away: nothing to compare with (the pages fail on it anyway)
    }
    try {
      const { rows } = await replicaMonitor.query<{ standby: boolean; lsn: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn',
      );
      checkedAt = new Date(now());
      const row = rows[0];
      if (!row?.standby || !row.lsn) {
        reason = 'not_standby';
        fresh = undefined;
        bytesBehind = null;
        return;
      }
      const replayed = lsnBytes(row.lsn);
      const newest = samples.at(-1);
      bytesBehind = newest && newest.lsn > replayed ? Number(newest.lsn - replayed) : 0;
      const caughtUpTo = freshAsOf(samples, replayed);
      if (caughtUpTo !== undefined && (fresh === undefined || caughtUpTo > fresh)) fresh = caughtUpTo;
      // Samples older than the freshest known moment tell nothing more.
      if (fresh !== undefined) samples = samples.filter((sample) => sample.at >= (fresh as number));
      reason = fresh !== undefined && now() - fresh <= maxLagMs ? 'ok' : 'lag';
    } catch (error) {
      reason = 'unreachable';
      checkedAt = new Date(now());
      if (error instanceof Error) onError(error);
    }
  };
  const check = () => {
    checking ??= checkOnce().finally(() => {
      checking = undefined;
    });
    return checking;
  };
  const timer = setInterval(() => {
    void check();
    const oldest = now() - maxLagMs;
    for (const [user, at] of writes) if (at < oldest) writes.delete(user);
  }, checkMs);
  timer.unref();
  void check();

  return {
    pool,
    runRequest: (userId, primaryOnly, next) => scopes.run({ userId, target: primaryOnly ? 'primary' : undefined }, next),
    noteWrite: (userId) => {
      writes.set(userId, now());
    },
    status: () => {
      const target = targetNow(undefined);
      return {
        target,
        reason: target === 'primary' && reason === 'ok' ? 'lag' : reason,
        lagMs: fresh === undefined ? null : Math.max(0, now() - fresh),
        bytesBehind,
        checkedAt,
        maxLagMs,
        fallbacks,
      };
    },
    check,
    close: async () => {
      clearInterval(timer);
      await checking;
      await Promise.all([replica.end(), replicaMonitor.end()]);
    },
  };
};
