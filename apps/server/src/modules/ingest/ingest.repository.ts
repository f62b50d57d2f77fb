import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { devices, readingSets } from '../../db/schema/index.js';

/** First key of the advisory locks that serialise a reader's stream flushes ("strm"). */
const STREAM_LOCK_NAMESPACE = 0x7374726d;

/** What ingestion needs to know about a reader. */
export type IngestDevice = {
  id: number;
  companyId: number;
  locationId: number;
  areaId: number;
  workingMode: number;
  serialNumber: string;
  macAddress: string;
};

/** The columns of an `IngestDevice`, for a `select`. */
export const ingestDeviceColumns = {
  id: devices.id,
  companyId: devices.companyId,
  locationId: devices.locationId,
  areaId: devices.areaId,
  workingMode: devices.workingMode,
  serialNumber: devices.serialNumber,
  macAddress: devices.macAddress,
};

/** A MAC address without separators, upper case: "00:16:25:AB:cd:01" → "001625ABCD01". */
export const normalizeMac = (mac: string): string => mac.replace(/[^0-9a-fA-F]/g, '').toUpperCase();

export type StoredSetRow = typeof readingSets.$inferSelect;

/** A request's streamed reads, as staged. */
export type StagedStream = { companyId: number; deviceId: number; reads: SetRead[] };

import type { SetRead } from '../engine/ledger.repository.js';

export type { SetEpc, SetRead } from '../engine/ledger.repository.js';

const anyRow = z.unknown();
const deviceIdRow = z.object({ device_id: z.coerce.number() });
const stagedRow = z.object({
  id: z.coerce.number(),
  epc: z.string(),
  read_ms: z.coerce.number(),
  antenna: z.coerce.number(),
  rssi: z.coerce.number().nullable(),
  traced: z.boolean(),
});
const stagedKeyRow = z.object({
  device_id: z.coerce.number(),
  epc: z.string(),
  antenna: z.coerce.number(),
  read_ms: z.coerce.number(),
});
const quietRow = z.object({ quiet_ms: z.coerce.number().nullable() });
const countsRow = z.object({ staged: z.coerce.number(), sets: z.coerce.number(), reads: z.coerce.number() });

/** The readers as ingestion knows them. */
const deviceQueries = (db: DbOrTx) => ({
  async deviceByKeyHash(keyHash: string): Promise<IngestDevice | undefined> {
    const [row] = await db.select(ingestDeviceColumns).from(devices).where(eq(devices.deviceKeyHash, keyHash)).limit(1);
    return row;
  },

  /** The readers of these key hashes (one probe of the unique index for a batch of requests), by key hash. */
  async devicesByKeyHashes(keyHashes: string[]): Promise<Map<string, IngestDevice>> {
    const rows = await db
      .select({ ...ingestDeviceColumns, keyHash: devices.deviceKeyHash })
      .from(devices)
      .where(inArray(devices.deviceKeyHash, keyHashes));
    return new Map(rows.map(({ keyHash, ...device }) => [keyHash, device]));
  },

  async deviceByMac(mac: string): Promise<IngestDevice | undefined> {
    const normalized = normalizeMac(mac);
    const [row] = await db
      .select(ingestDeviceColumns)
      .from(devices)
      .where(sql`upper(regexp_replace(${devices.macAddress}, '[^0-9A-Fa-f]', '', 'g')) = ${normalized}`)
      .limit(1);
    return row;
  },

  async touchDevice(deviceId: number, at: Date): Promise<void> {
    await db
      .update(devices)
      .set({ lastSeenAt: sql`greatest(${devices.lastSeenAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(devices.id, deviceId));
  },

  async deviceById(id: number): Promise<IngestDevice | undefined> {
    const [row] = await db.select(ingestDeviceColumns).from(devices).where(eq(devices.id, id)).limit(1);
    return row;
  },
});

/** The reading sets themselves. */
const setQueries = (db: DbOrTx) => ({
  /** Inserts the set unless its id exists; answers the stored row when inserted. */
  async insertSet(row: typeof readingSets.$inferInsert): Promise<StoredSetRow | undefined> {
    const [inserted] = await db.insert(readingSets).values(row).onConflictDoNothing().returning();
    return inserted;
  },

  async setById(id: string): Promise<StoredSetRow | undefined> {
    const [row] = await db.select().from(readingSets).where(eq(readingSets.id, id)).limit(1);
    return row;
  },

  async claimSet(id: string, claim: string): Promise<void> {
    await db.update(readingSets).set({ claimedBy: claim }).where(eq(readingSets.id, id));
  },
});

/** Stream reads staged until their reader's pass is over. */
const stagingWrites = (db: DbOrTx) => ({
  /** Stages stream reads; a read already staged (redelivery) is skipped. Answers how many were new. */
  async stageStreamReads(stream: StagedStream): Promise<number> {
    const [accepted] = await createIngestRepository(db).stageStreams([stream]);
    return accepted ?? 0;
  },

  /**
   * Stages the reads of several requests in one statement (a group commit: ingest/stream-grouper.ts); a read already
   * staged (redelivery), or twice in the batch, is skipped. Rows go in the unique index's order (reader, time, EPC,
   * antenna), so concurrent batches wait on each other's rows in one order. Answers how many reads of each stream
   * were new, in the order given (a read twice in the batch counts for the first stream that has it).
   */
  async stageStreams(streams: StagedStream[]): Promise<number[]> {
    const rows = streams.flatMap(({ companyId, deviceId, reads }) =>
      reads.map((r) => ({ companyId, deviceId, epc: r.epc, ms: r.time.getTime(), antenna: r.antenna ?? 0, rssi: r.rssi })),
    );
    if (rows.length === 0) return streams.map(() => 0);
    rows.sort(
      (a, b) => a.deviceId - b.deviceId || a.ms - b.ms || (a.epc < b.epc ? -1 : a.epc > b.epc ? 1 : 0) || a.antenna - b.antenna,
    );
    const result = await db.execute(sql`
      insert into reader_stream_reads (company_id, device_id, epc, read_at, antenna, rssi, received_at)
      select r.company_id, r.device_id, r.epc, r.t, r.antenna, r.rssi, clock_timestamp()
      from unnest(
        ${sql.param(rows.map((r) => r.companyId))}::int[],
        ${sql.param(rows.map((r) => r.deviceId))}::int[],
        ${sql.param(rows.map((r) => r.epc))}::text[],
        ${sql.param(rows.map((r) => new Date(r.ms).toISOString()))}::timestamptz[],
        ${sql.param(rows.map((r) => r.antenna))}::smallint[],
        ${sql.param(rows.map((r) => r.rssi))}::float8[]
      ) with ordinality as r(company_id, device_id, epc, t, antenna, rssi, n)
      order by r.n
      on conflict do nothing
      returning device_id, epc, antenna, (extract(epoch from read_at) * 1000)::float8 as read_ms`);
    const keyOf = (deviceId: number, ms: number, epc: string, antenna: number) => `${deviceId}|${ms}|${epc}|${antenna}`;
    const inserted = new Map<string, number>();
    for (const r of parseRows(stagedKeyRow, result)) {
      const key = keyOf(r.device_id, Math.round(r.read_ms), r.epc, r.antenna);
      inserted.set(key, (inserted.get(key) ?? 0) + 1);
    }
    return streams.map(({ deviceId, reads }) => {
      let accepted = 0;
      for (const r of reads) {
        const key = keyOf(deviceId, r.time.getTime(), r.epc, r.antenna ?? 0);
        const left = inserted.get(key) ?? 0;
        if (left > 0) {
          accepted += 1;
          inserted.set(key, left - 1);
        }
      }
      return accepted;
    });
  },
});

/** The staged reads of a reader, taken into a set when its pass is over. */
const stagedQueries = (db: DbOrTx) => ({
  /**
   * Staged reads of a device in time order. `isTraced` marks a read that already became a
   * trace of this reader (a message redelivered after its set was stored): it is deleted, not
   * stored twice.
   */
  async stagedReads(deviceId: number, limit: number) {
    const result = await db.execute(sql`
      select s.id, s.company_id, s.epc, (extract(epoch from s.read_at) * 1000)::float8 as read_ms, s.antenna, s.rssi,
        exists (
          select 1 from traces t join reading_sets rs on rs.id = t.reading_set_id
          where t.company_id = s.company_id and t.epc = s.epc and t.read_at = s.read_at and rs.device_id = s.device_id
        ) as traced
      from reader_stream_reads s
      where s.device_id = ${deviceId}::int
      order by s.read_at, s.id
      limit ${limit}::int`);
    return parseRows(stagedRow, result).map((r) => ({
      id: r.id,
      epc: r.epc,
      time: new Date(Math.round(r.read_ms)),
      // Staged reads keep "no antenna" as 0 (antenna ports count from 1; the unique index needs a value).
      antenna: r.antenna === 0 ? null : r.antenna,
      rssi: r.rssi,
      isTraced: r.traced,
    }));
  },

  /**
   * Serialises the flushes of one reader's staged reads across processes (transaction-scoped
   * advisory lock; the only lock taken before the set's own rows, so one order everywhere).
   */
  async lockStreamOf(deviceId: number): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}::int, ${deviceId}::int)`);
  },

  /** Deletes the staged reads a set is made of; answers how many were still there (another flush may have taken them). */
  async takeStaged(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db.execute(
      sql`delete from reader_stream_reads where id = any(${sql.param(ids)}::bigint[]) returning id`,
    );
    return parseRows(anyRow, result).length;
  },

  /** Milliseconds since the reader's last staged read was received (database clock); null when none is staged. */
  async quietMs(deviceId: number): Promise<number | null> {
    const result = await db.execute(sql`
      select (extract(epoch from clock_timestamp() - max(received_at)) * 1000)::float8 as quiet_ms
      from reader_stream_reads where device_id = ${deviceId}::int`);
    return parseRows(quietRow, result)[0]?.quiet_ms ?? null;
  },

  /** Readers with staged reads none of which arrived in the last `quietMs` (their pass is over). */
  async quietDevicesWithStagedReads(quietMs: number): Promise<number[]> {
    const result = await db.execute(sql`
      select device_id from reader_stream_reads group by device_id
      having max(received_at) < clock_timestamp() - make_interval(secs => ${quietMs / 1000}::float8)`);
    return parseRows(deviceIdRow, result).map((r) => r.device_id);
  },

  async deleteStaged(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.execute(sql`delete from reader_stream_reads where id = any(${sql.param(ids)}::bigint[])`);
  },

  async devicesWithStagedReads(): Promise<number[]> {
    const result = await db.execute(sql`select distinct device_id from reader_stream_reads`);
    return parseRows(deviceIdRow, result).map((r) => r.device_id);
  },

  /** Reads staged and stored for a reader (its status answer). */
  async readerCounts(deviceId: number) {
    const result = await db.execute(sql`
      select
        (select count(*) from reader_stream_reads where device_id = ${deviceId}::int)::int as staged,
        (select count(*) from reading_sets where device_id = ${deviceId}::int)::int as sets,
        (select coalesce(sum(read_count), 0) from reading_sets where device_id = ${deviceId}::int)::int as reads`);
    const [row] = parseRows(countsRow, result);
    return { staged: row?.staged ?? 0, sets: row?.sets ?? 0, reads: row?.reads ?? 0 };
  },
});

/**
 * The only queries of ingestion (the items and their traces are the ledger's: engine/ledger.ts).
 * The hot path is set-based: one statement per step whatever the number of EPCs (arrays bound as
 * single parameters and expanded with unnest), so a 10,000-EPC set costs the same few round trips
 * as a 10-EPC one.
 */
export const createIngestRepository = (db: DbOrTx) => ({
  ...deviceQueries(db),
  ...setQueries(db),
  ...stagingWrites(db),
  ...stagedQueries(db),
});
export type IngestRepository = ReturnType<typeof createIngestRepository>;
