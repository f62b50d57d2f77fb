import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
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

const deviceColumns = {
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

/** One distinct EPC of a set, decoded. */
export type SetEpc = { epc: string; scheme: string; gtin: string | null; serial: string | null };
/** One read of a set (several reads may share an EPC). */
export type SetRead = { epc: string; time: Date; antenna: number | null; rssi: number | null };

export type UpsertedItem = {
  id: number;
  epc: string;
  itemTypeId: number | null;
  gtin: string | null;
  state: number;
  areaId: number | null;
  locationId: number | null;
  inserted: boolean;
};

type RawItem = {
  id: number | string;
  epc: string;
  item_type_id: number | null;
  gtin: string | null;
  state: number;
  area_id: number | null;
  location_id: number | null;
  inserted: boolean;
};

/**
 * The only queries of ingestion. The hot path is set-based: one statement per step whatever
 * the number of EPCs (arrays bound as single parameters and expanded with unnest), so a
 * 10,000-EPC set costs the same five round trips as a 10-EPC one.
 */
export const createIngestRepository = (db: DbOrTx) => ({
  async deviceByKeyHash(keyHash: string): Promise<IngestDevice | undefined> {
    const [row] = await db.select(deviceColumns).from(devices).where(eq(devices.deviceKeyHash, keyHash)).limit(1);
    return row;
  },

  async deviceByMac(mac: string): Promise<IngestDevice | undefined> {
    const normalized = normalizeMac(mac);
    const [row] = await db
      .select(deviceColumns)
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

  /**
   * Creates the items never seen before (state UNKNOWN, where the reader is, linked to the
   * company's GTIN row when the decoded GTIN exists) and refreshes last_seen_at of the others
   * (locked by id beforehand, the one lock order of items). Answers every item of the set
   * with its state and area before the set (`inserted` marks the new ones).
   */
  async upsertItems({
    companyId,
    areaId,
    locationId,
    seenAt,
    epcs,
  }: {
    companyId: number;
    areaId: number;
    locationId: number;
    seenAt: Date;
    epcs: SetEpc[];
  }): Promise<UpsertedItem[]> {
    // One lock order everywhere (DESIGN.md section 8): the items that exist are locked by id first;
    // the upsert then only waits on EPCs another set is inserting at the same moment (unique index).
    await db.execute(sql`
      select id from items
      where company_id = ${companyId}::int and epc = any(${sql.param(epcs.map((e) => e.epc))}::text[])
      order by id
      for update`);
    const result = await db.execute(sql`
      insert into items (company_id, epc, scheme, gtin, serial, item_type_id, state, area_id, location_id, last_seen_at)
      select ${companyId}::int, u.epc, u.scheme, u.gtin, u.serial, it.id, 1, ${areaId}::int, ${locationId}::int, ${seenAt.toISOString()}::timestamptz
      from unnest(
        ${sql.param(epcs.map((e) => e.epc))}::text[],
        ${sql.param(epcs.map((e) => e.scheme))}::text[],
        ${sql.param(epcs.map((e) => e.gtin))}::text[],
        ${sql.param(epcs.map((e) => e.serial))}::text[]
      ) with ordinality as u(epc, scheme, gtin, serial, ord)
      left join (
        select id, gtin from item_types
        where company_id = ${companyId}::int and gtin = any(${sql.param([...new Set(epcs.flatMap((e) => (e.gtin ? [e.gtin] : [])))])}::text[])
      ) it on it.gtin = u.gtin
      order by u.ord
      on conflict (company_id, epc) do update set
        last_seen_at = greatest(items.last_seen_at, excluded.last_seen_at),
        item_type_id = coalesce(items.item_type_id, excluded.item_type_id)
      returning id, epc, item_type_id, gtin, state, area_id, location_id, (xmax = 0) as inserted`);
    return rowsOf<RawItem>(result).map((r) => ({
      id: Number(r.id),
      epc: r.epc,
      itemTypeId: r.item_type_id,
      gtin: r.gtin,
      state: Number(r.state),
      areaId: r.area_id,
      locationId: r.location_id,
      inserted: r.inserted,
    }));
  },

  /**
   * One trace per read when nothing claimed the set: the items did not change, so their state
   * and area (as the upsert answered them) are written without looking the items up again.
   */
  async insertUnclaimedTraces({
    companyId,
    readingSetId,
    reads,
    itemByEpc,
  }: {
    companyId: number;
    readingSetId: string;
    reads: SetRead[];
    itemByEpc: Map<string, { id: number; state: number; areaId: number | null; areaIdBefore: number | null }>;
  }): Promise<void> {
    const items = reads.map((r) => itemByEpc.get(r.epc));
    await db.execute(sql`
      insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi)
      select ${companyId}::int, r.item_id, r.epc, ${readingSetId}::uuid, r.t, r.state, r.area1, r.area2, r.antenna, r.rssi
      from unnest(
        ${sql.param(items.map((i) => i?.id ?? null))}::bigint[],
        ${sql.param(reads.map((r) => r.epc))}::text[],
        ${sql.param(reads.map((r) => r.time.toISOString()))}::timestamptz[],
        ${sql.param(items.map((i) => i?.state ?? null))}::smallint[],
        ${sql.param(items.map((i) => i?.areaIdBefore ?? null))}::int[],
        ${sql.param(items.map((i) => i?.areaId ?? null))}::int[],
        ${sql.param(reads.map((r) => r.antenna))}::smallint[],
        ${sql.param(reads.map((r) => r.rssi))}::float8[]
      ) as r(item_id, epc, t, state, area1, area2, antenna, rssi)`);
  },

  /** One trace per read, with the item's state and area after the set (area1 = before). */
  async insertTraces({
    companyId,
    readingSetId,
    reads,
    area1ByEpc,
  }: {
    companyId: number;
    readingSetId: string;
    reads: SetRead[];
    area1ByEpc: Map<string, number | null>;
  }): Promise<void> {
    await db.execute(sql`
      insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi)
      select ${companyId}::int, i.id, r.epc, ${readingSetId}::uuid, r.t, i.state, r.area1, i.area_id, r.antenna, r.rssi
      from unnest(
        ${sql.param(reads.map((r) => r.epc))}::text[],
        ${sql.param(reads.map((r) => r.time.toISOString()))}::timestamptz[],
        ${sql.param(reads.map((r) => r.antenna))}::smallint[],
        ${sql.param(reads.map((r) => r.rssi))}::float8[],
        ${sql.param(reads.map((r) => area1ByEpc.get(r.epc) ?? null))}::int[]
      ) as r(epc, t, antenna, rssi, area1)
      join items i on i.company_id = ${companyId}::int and i.epc = r.epc`);
  },

  /** Stages stream reads; a read already staged (redelivery) is skipped. Answers how many were new. */
  async stageStreamReads({
    companyId,
    deviceId,
    reads,
  }: {
    companyId: number;
    deviceId: number;
    reads: SetRead[];
  }): Promise<number> {
    if (reads.length === 0) return 0;
    const result = await db.execute(sql`
      insert into reader_stream_reads (company_id, device_id, epc, read_at, antenna, rssi, received_at)
      select ${companyId}::int, ${deviceId}::int, r.epc, r.t, coalesce(r.antenna, 0), r.rssi, clock_timestamp()
      from unnest(
        ${sql.param(reads.map((r) => r.epc))}::text[],
        ${sql.param(reads.map((r) => r.time.toISOString()))}::timestamptz[],
        ${sql.param(reads.map((r) => r.antenna))}::smallint[],
        ${sql.param(reads.map((r) => r.rssi))}::float8[]
      ) as r(epc, t, antenna, rssi)
      on conflict do nothing
      returning 1 as ok`);
    return rowsOf<unknown>(result).length;
  },

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
    return rowsOf<{
      id: number | string;
      company_id: number;
      epc: string;
      read_ms: number;
      antenna: number;
      rssi: number | null;
      traced: boolean;
    }>(result).map((r) => ({
      id: Number(r.id),
      epc: r.epc,
      time: new Date(Math.round(Number(r.read_ms))),
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
    return rowsOf<unknown>(result).length;
  },

  /** Milliseconds since the reader's last staged read was received (database clock); null when none is staged. */
  async quietMs(deviceId: number): Promise<number | null> {
    const result = await db.execute(sql`
      select (extract(epoch from clock_timestamp() - max(received_at)) * 1000)::float8 as quiet_ms
      from reader_stream_reads where device_id = ${deviceId}::int`);
    const value = rowsOf<{ quiet_ms: number | string | null }>(result)[0]?.quiet_ms;
    return value === null || value === undefined ? null : Number(value);
  },

  /** Readers with staged reads none of which arrived in the last `quietMs` (their pass is over). */
  async quietDevicesWithStagedReads(quietMs: number): Promise<number[]> {
    const result = await db.execute(sql`
      select device_id from reader_stream_reads group by device_id
      having max(received_at) < clock_timestamp() - make_interval(secs => ${quietMs / 1000}::float8)`);
    return rowsOf<{ device_id: number }>(result).map((r) => Number(r.device_id));
  },

  async deleteStaged(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.execute(sql`delete from reader_stream_reads where id = any(${sql.param(ids)}::bigint[])`);
  },

  async devicesWithStagedReads(): Promise<number[]> {
    const result = await db.execute(sql`select distinct device_id from reader_stream_reads`);
    return rowsOf<{ device_id: number }>(result).map((r) => Number(r.device_id));
  },

  /** Reads staged and stored for a reader (its status answer). */
  async readerCounts(deviceId: number) {
    const result = await db.execute(sql`
      select
        (select count(*) from reader_stream_reads where device_id = ${deviceId}::int)::int as staged,
        (select count(*) from reading_sets where device_id = ${deviceId}::int)::int as sets,
        (select coalesce(sum(read_count), 0) from reading_sets where device_id = ${deviceId}::int)::int as reads`);
    const [row] = rowsOf<{ staged: number; sets: number; reads: number }>(result);
    return { staged: Number(row?.staged ?? 0), sets: Number(row?.sets ?? 0), reads: Number(row?.reads ?? 0) };
  },

  async deviceById(id: number): Promise<IngestDevice | undefined> {
    const [row] = await db.select(deviceColumns).from(devices).where(eq(devices.id, id)).limit(1);
    return row;
  },
});
export type IngestRepository = ReturnType<typeof createIngestRepository>;
