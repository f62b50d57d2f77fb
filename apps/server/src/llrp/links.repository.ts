import { ReaderConnection, type ReaderLinkState } from '@rfid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { leaseUntil } from '../workers/lease.js';

const LLRP = ReaderConnection.Llrp;

/** What a process needs to run a reader's LLRP connection. */
export type LlrpTarget = {
  deviceId: number;
  host: string;
  port: number;
  antennas: number[];
  powerDbm: number | null;
};

type TargetRow = { device_id: number; host: string; port: number; antennas: number[] | string; power_dbm: number | null };

const toTarget = (row: TargetRow): LlrpTarget => ({
  deviceId: Number(row.device_id),
  host: row.host,
  port: Number(row.port),
  antennas: (typeof row.antennas === 'string' ? (JSON.parse(row.antennas) as number[]) : row.antennas) ?? [],
  powerDbm: row.power_dbm === null ? null : Number(row.power_dbm),
});

type Holder = { deviceId: number; owner: string };

/**
 * reader_links: which process holds each LLRP reader's connection (a lease renewed by its holder, taken over by any
 * process once it ran out) and what the admin screen shows of it. The only place with LLRP link queries.
 */
export const createLinksRepository = (db: Db) => ({
  /** LLRP readers with a host whose link nobody holds (no row, or a lease that ran out). */
  async unheld(): Promise<LlrpTarget[]> {
    return rowsOf<TargetRow>(
      await db.execute(sql`
        select d.id as device_id, d.llrp_host as host, d.llrp_port as port, d.llrp_antennas as antennas,
          d.llrp_power_dbm as power_dbm
        from devices d left join reader_links l on l.device_id = d.id
        where d.connection_type = ${LLRP} and d.llrp_host is not null and d.llrp_host <> ''
          and (l.device_id is null or l.lease_until <= now())
        order by d.id`),
    ).map(toTarget);
  },

  /**
   * Takes the reader's link for `owner` in one statement when nobody holds it (no row, or the lease ran out) and the
   * device is still an LLRP reader with a host; its target, or undefined when another process holds it.
   */
  async claim({ deviceId, owner, leaseMs }: Holder & { leaseMs: number }): Promise<LlrpTarget | undefined> {
    const [row] = rowsOf<TargetRow>(
      await db.execute(sql`
        with claimed as (
          insert into reader_links as l (device_id, owner, lease_until, state, updated_at)
          select d.id, ${owner}, ${leaseUntil(leaseMs)}, 'CONNECTING', now()
          from devices d where d.id = ${deviceId} and d.connection_type = ${LLRP} and d.llrp_host is not null
          on conflict (device_id) do update set owner = excluded.owner, lease_until = excluded.lease_until,
            state = excluded.state, updated_at = excluded.updated_at
          where l.lease_until <= now()
          returning l.device_id
        )
        select d.id as device_id, d.llrp_host as host, d.llrp_port as port, d.llrp_antennas as antennas,
          d.llrp_power_dbm as power_dbm
        from claimed c join devices d on d.id = c.device_id`),
    );
    return row ? toTarget(row) : undefined;
  },

  /**
   * Renews the owner's lease and answers the reader's current target; undefined when the lease is no longer the
   * owner's (it ran out and was taken) or the device is gone or no longer an LLRP reader with a host.
   */
  async renew({ deviceId, owner, leaseMs }: Holder & { leaseMs: number }): Promise<LlrpTarget | undefined> {
    const [row] = rowsOf<TargetRow>(
      await db.execute(sql`
        update reader_links l set lease_until = ${leaseUntil(leaseMs)}
        from devices d
        where l.device_id = ${deviceId} and l.owner = ${owner} and d.id = l.device_id
          and d.connection_type = ${LLRP} and d.llrp_host is not null and d.llrp_host <> ''
        returning d.id as device_id, d.llrp_host as host, d.llrp_port as port, d.llrp_antennas as antennas,
          d.llrp_power_dbm as power_dbm`),
    );
    return row ? toTarget(row) : undefined;
  },

  /** The link's state as the owner sees it (`connected`: it just connected; `lastError` null clears it). */
  async setState({
    deviceId,
    owner,
    state,
    lastError,
    isConnected = false,
  }: Holder & { state: ReaderLinkState; lastError: string | null; isConnected?: boolean }): Promise<void> {
    await db.execute(sql`
      update reader_links set state = ${state}, last_error = ${lastError}, updated_at = now(),
        connected_at = case when ${isConnected} then now() else connected_at end
      where device_id = ${deviceId} and owner = ${owner}`);
  },

  /** A report arrived (the admin screen's "last report"). */
  async reported({ deviceId, owner }: Holder): Promise<void> {
    await db.execute(sql`update reader_links set last_report_at = now() where device_id = ${deviceId} and owner = ${owner}`);
  },

  /** Gives the link up (another process may take it at once). */
  async release({ deviceId, owner }: Holder): Promise<void> {
    await db.execute(sql`delete from reader_links where device_id = ${deviceId} and owner = ${owner}`);
  },
});
export type LinksRepository = ReturnType<typeof createLinksRepository>;
