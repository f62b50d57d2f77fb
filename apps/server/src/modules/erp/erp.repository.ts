import { InventoryState } from '@rfid/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { erpStock, erpStockLocations, erpStockSnapshots, locations, users } from '../../db/schema/index.js';
import { containsPattern, idList } from '../../db/sql.js';
import { allowList } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { companyLocationsByIds, visibleLocations, visibleRow } from '../locations/location-scope.js';
import { locationGtinStock } from '../stock/stock.repository.js';
import type { ErpStockLine } from './erp.rules.js';

/** ERP stock snapshots, the differences to the RFID stock, and validated inventories' differences (issue 27). */

/** Rows per insert: 5 columns as arrays through unnest, so a batch is 5 bind parameters whatever its size. */
export const ERP_INSERT_BATCH = 10_000;

export type ErpLocation = { id: number; code: string; description: string };
export type StoredRejected = { row: number; store: string; gtin: string; quantity: string; reason: string };

export type NewSnapshot = {
  companyId: number;
  createdBy: number;
  source: 'csv' | 'json';
  fileName: string;
  rowCount: number;
  rejectedCount: number;
  rejected: StoredRejected[];
  locationIds: number[];
};

export type SnapshotRow = {
  id: number;
  createdAt: Date;
  source: 'csv' | 'json';
  fileName: string;
  rowCount: number;
  rejectedCount: number;
  locationIds: number[];
  creatorId: number | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  creatorEmail: string | null;
};

export type DifferenceFilters = { locationId?: number; gtin?: string; onlyDifferences: boolean; orderBy?: string };

const int = z.coerce.number();
const differenceRow = z.object({
  location_id: int,
  code: z.string(),
  location_description: z.string(),
  gtin: z.string(),
  item_type: int.nullable(),
  description: z.string().nullable(),
  erp_quantity: int,
  rfid_quantity: int,
  imported_at: z.coerce.date().nullable(),
  total: int,
});
export type DifferenceRow = z.infer<typeof differenceRow>;

/** The orders of the differences (`-` first: descending); always ending on the location and GTIN so pages are stable. */
const DIFFERENCE_ORDER: Record<string, SQL> = allowList({
  location: sql`l.code`,
  gtin: sql`x.gtin`,
  description: sql`it.description`,
  erp_quantity: sql`x.erp_quantity`,
  rfid_quantity: sql`x.rfid_quantity`,
  difference: sql`(x.rfid_quantity - x.erp_quantity)`,
  abs_difference: sql`abs(x.rfid_quantity - x.erp_quantity)`,
});

const differenceOrder = (orderBy: string | undefined): SQL => {
  const parts: SQL[] = [];
  for (const raw of (orderBy ?? '').split(',')) {
    const part = raw.trim();
    const descending = part.startsWith('-');
    const column = DIFFERENCE_ORDER[descending ? part.slice(1) : part];
    if (column) parts.push(descending ? sql`${column} desc` : sql`${column} asc`);
  }
  if (!parts.length) parts.push(sql`${DIFFERENCE_ORDER.abs_difference} desc`);
  parts.push(sql`l.code asc`, sql`x.gtin asc`);
  return sql.join(parts, sql`, `);
};

const inventoryHead = z.object({
  id: int,
  location_id: int,
  code: z.string(),
  location_description: z.string(),
  area_id: int,
  area_description: z.string(),
  state: int,
  is_partial: z.boolean(),
  start_time: z.coerce.date(),
  closed_at: z.coerce.date().nullable(),
  /** closed_at in microseconds since 1970 (the feed's cursor: exact, where a Date keeps milliseconds). */
  closed_us: int.nullable(),
});
export type InventoryHead = z.infer<typeof inventoryHead>;

const inventoryLine = z.object({
  inventory_id: int,
  item_type: int,
  gtin: z.string(),
  description: z.string(),
  expected: int,
  read: int,
});
export type InventoryLine = z.infer<typeof inventoryLine>;

/** A point of the feed: after the inventory validated at `us` (µs since 1970) with id `id` (ordered by time, then id). */
export type FeedPosition = { us: number; id: number };

export type ErpRepository = {
  /** Location code → id of every location the user sees. */
  storesOf: (user: AuthUser) => Promise<Map<string, number>>;
  /** Stores the snapshot and replaces the ERP stock of its stores, in one transaction; answers its id. */
  saveSnapshot: (snapshot: NewSnapshot, lines: ErpStockLine[], at: Date) => Promise<number>;
  listSnapshots: (user: AuthUser, page: PageParams) => Promise<{ count: number; rows: SnapshotRow[] }>;
  getSnapshot: (user: AuthUser, id: number) => Promise<(SnapshotRow & { rejected: StoredRejected[] }) | undefined>;
  locationsOf: (companyId: number, ids: number[]) => Promise<ErpLocation[]>;
  /** Whether the user sees the location. */
  seesLocation: (user: AuthUser, locationId: number) => Promise<boolean>;
  /** Per store and GTIN, ERP and RFID quantities; every row when `page` is null (the CSV). */
  differences: (
    user: AuthUser,
    filters: DifferenceFilters,
    page: PageParams | null,
  ) => Promise<{ count: number; rows: DifferenceRow[] }>;
  /** An inventory of the user's company in a location the user sees. */
  inventoryHead: (user: AuthUser, id: number) => Promise<InventoryHead | undefined>;
  /** Validated inventories the user sees, validated after `after`, oldest first. */
  validatedAfter: (
    user: AuthUser,
    after: FeedPosition,
    options: { locationId?: number; limit: number },
  ) => Promise<InventoryHead[]>;
  /** Per GTIN of each inventory: expected and read (inventory_type_counts, the inventory's own figures). */
  inventoryLines: (inventoryIds: number[]) => Promise<InventoryLine[]>;
};

const snapshotColumns = {
  id: erpStockSnapshots.id,
  createdAt: erpStockSnapshots.createdAt,
  source: erpStockSnapshots.source,
  fileName: erpStockSnapshots.fileName,
  rowCount: erpStockSnapshots.rowCount,
  rejectedCount: erpStockSnapshots.rejectedCount,
  locationIds: erpStockSnapshots.locationIds,
  creatorId: users.id,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorEmail: users.email,
};

/** Snapshots the user sees: the company's; a user of some locations sees those that named one of them. */
const snapshotScope = (user: AuthUser): SQL => {
  const company = eq(erpStockSnapshots.companyId, user.companyId);
  if (user.locationIds === null) return company;
  if (user.locationIds.length === 0) return sql`false`;
  return and(company, sql`${erpStockSnapshots.locationIds} && ${sql.param(user.locationIds)}::int[]`) as SQL;
};

/** Inventories (alias i, locations l) the user sees. */
const inventoryScope = (user: AuthUser): SQL => {
  const company = sql`i.company_id = ${user.companyId}::int`;
  if (user.locationIds === null) return company;
  if (user.locationIds.length === 0) return sql`false`;
  return sql`${company} and i.location_id in ${idList(user.locationIds)}`;
};

const inventoryHeadSelect = sql`
  select i.id, i.location_id, l.code, l.description as location_description, i.area_id, a.description as area_description,
    i.state, i.is_partial, i.start_time, i.closed_at,
    (extract(epoch from i.closed_at) * 1000000)::bigint as closed_us
  from inventories i join locations l on l.id = i.location_id join areas a on a.id = i.area_id`;

/** The ERP stock beside the RFID stock, line by line (GTIN and store), a page of them with their count. */
const differencesQuery = (db: DbOrTx): ErpRepository['differences'] => {
  const differences: ErpRepository['differences'] = async (user, filters, page) => {
    // The stores compared: those the user sees that have ERP stock (one of them with `location`), read first so that the
    // RFID stock is read for their areas only (a constant list, pushed down into the stock view).
    const stores = await db
      .select({ id: erpStockLocations.locationId })
      .from(erpStockLocations)
      .innerJoin(locations, eq(locations.id, erpStockLocations.locationId))
      .where(
        and(
          visibleLocations(user),
          filters.locationId === undefined ? undefined : eq(erpStockLocations.locationId, filters.locationId),
        ),
      );
    if (!stores.length) return { count: 0, rows: [] };
    const storeIds = idList(stores.map((s) => s.id));
    const conditions: SQL[] = [];
    if (filters.gtin) conditions.push(sql`x.gtin like ${containsPattern(filters.gtin)}`);
    if (filters.onlyDifferences) conditions.push(sql`x.rfid_quantity <> x.erp_quantity`);
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
    const result = await db.execute(sql`
      with rfid as (
        select s.location_id, it.gtin, sum(s.quantity)::int as quantity
        from (${locationGtinStock(sql`(select a.id from areas a where a.location_id in ${storeIds})`)}) s
        join item_types it on it.id = s.item_type_id
        group by s.location_id, it.gtin
        having sum(s.quantity) <> 0
      ), erp as (
        select e.location_id, e.gtin, e.quantity from erp_stock e where e.location_id in ${storeIds}
      ), x as (
        select coalesce(e.location_id, r.location_id) as location_id, coalesce(e.gtin, r.gtin) as gtin,
          coalesce(e.quantity, 0) as erp_quantity, coalesce(r.quantity, 0) as rfid_quantity
        from erp e full join rfid r on r.location_id = e.location_id and r.gtin = e.gtin
      )
      select x.location_id, l.code, l.description as location_description, x.gtin, it.id as item_type, it.description,
        x.erp_quantity, x.rfid_quantity, el.imported_at, count(*) over () as total
      from x
      join locations l on l.id = x.location_id
      left join item_types it on it.company_id = ${user.companyId}::int and it.gtin = x.gtin
      left join erp_stock_locations el on el.location_id = x.location_id
      ${where}
      order by ${differenceOrder(filters.orderBy)}
      ${paging}`);
    const rows = parseRows(differenceRow, result);
    if (rows.length || !page || page.offset === 0) return { count: rows[0]?.total ?? 0, rows };
    // A page past the end has no row to carry the total: count again from the start.
    const again = await differences(user, filters, { limit: 1, offset: 0 });
    return { count: again.count, rows: [] };
  };
  return differences;
};

/** The ERP stock snapshots: imported, listed, read. */
const snapshotQueries = (
  db: DbOrTx,
): Pick<ErpRepository, 'storesOf' | 'saveSnapshot' | 'listSnapshots' | 'getSnapshot' | 'locationsOf' | 'seesLocation'> => ({
  async storesOf(user) {
    const rows = await db.select({ id: locations.id, code: locations.code }).from(locations).where(visibleLocations(user));
    return new Map(rows.map((r) => [r.code, r.id]));
  },

  saveSnapshot: (snapshot, lines, at) =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(erpStockSnapshots).values(snapshot).returning({ id: erpStockSnapshots.id });
      const snapshotId = row?.id;
      if (snapshotId === undefined) throw new Error('erp snapshot not inserted');
      await tx.delete(erpStock).where(inArray(erpStock.locationId, snapshot.locationIds));
      for (let start = 0; start < lines.length; start += ERP_INSERT_BATCH) {
        const batch = lines.slice(start, start + ERP_INSERT_BATCH);
        await tx.execute(sql`
          insert into erp_stock (location_id, gtin, company_id, quantity, snapshot_id)
          select l, g, ${snapshot.companyId}::int, q, ${snapshotId}::int
          from unnest(${sql.param(batch.map((b) => b.locationId))}::int[], ${sql.param(batch.map((b) => b.gtin))}::text[],
            ${sql.param(batch.map((b) => b.quantity))}::int[]) as u(l, g, q)`);
      }
      await tx
        .insert(erpStockLocations)
        .values(
          snapshot.locationIds.map((locationId) => ({ locationId, companyId: snapshot.companyId, snapshotId, importedAt: at })),
        )
        .onConflictDoUpdate({
          target: erpStockLocations.locationId,
          set: { snapshotId: sql`excluded.snapshot_id`, importedAt: sql`excluded.imported_at` },
        });
      return snapshotId;
    }),

  async listSnapshots(user, page) {
    const where = snapshotScope(user);
    const [rows, [counted]] = await Promise.all([
      db
        .select(snapshotColumns)
        .from(erpStockSnapshots)
        .leftJoin(users, eq(users.id, erpStockSnapshots.createdBy))
        .where(where)
        .orderBy(desc(erpStockSnapshots.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(erpStockSnapshots)
        .where(where),
    ]);
    return { count: counted?.n ?? 0, rows };
  },

  async getSnapshot(user, id) {
    const [row] = await db
      .select({ ...snapshotColumns, rejected: erpStockSnapshots.rejected })
      .from(erpStockSnapshots)
      .leftJoin(users, eq(users.id, erpStockSnapshots.createdBy))
      .where(and(eq(erpStockSnapshots.id, id), snapshotScope(user)))
      .limit(1);
    return row;
  },

  locationsOf: (companyId, ids) => companyLocationsByIds(db, companyId, ids),

  async seesLocation(user, locationId) {
    const row = await visibleRow(db.select({ id: locations.id }).from(locations).$dynamic(), locations.id, user, locationId);
    return row !== undefined;
  },
});

/** The validated inventories fed to the ERP: a head, those validated after a point, and their lines. */
const inventoryFeedQueries = (db: DbOrTx): Pick<ErpRepository, 'inventoryHead' | 'validatedAfter' | 'inventoryLines'> => ({
  async inventoryHead(user, id) {
    const result = await db.execute(sql`${inventoryHeadSelect} where i.id = ${id}::int and ${inventoryScope(user)}`);
    return parseRows(inventoryHead, result)[0];
  },

  async validatedAfter(user, after, { locationId, limit }) {
    const location = locationId === undefined ? sql`` : sql`and i.location_id = ${locationId}::int`;
    const result = await db.execute(sql`
      ${inventoryHeadSelect}
      where ${inventoryScope(user)} and i.state = ${InventoryState.Validated}::smallint and i.closed_at is not null
        and (i.closed_at, i.id) > ('epoch'::timestamptz + ${after.us}::bigint * interval '1 microsecond', ${after.id}::int)
        ${location}
      order by i.closed_at, i.id
      limit ${limit}`);
    return parseRows(inventoryHead, result);
  },

  async inventoryLines(inventoryIds) {
    if (!inventoryIds.length) return [];
    const result = await db.execute(sql`
      select f.inventory_id, it.id as item_type, it.gtin, it.description, f.expected, f.read
      from inventory_type_counts f join item_types it on it.id = f.item_type_id
      where f.inventory_id in ${idList(inventoryIds)}
      order by f.inventory_id, it.gtin, it.id`);
    return parseRows(inventoryLine, result);
  },
});

export const createErpRepository = (db: DbOrTx): ErpRepository => ({
  ...snapshotQueries(db),
  differences: differencesQuery(db),
  ...inventoryFeedQueries(db),
});
