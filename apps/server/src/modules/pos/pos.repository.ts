import type { PosListQuery } from '@rfid/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { devices, items, itemTypes, locations, posTransactionItems, posTransactions } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { LocationKindPage } from '../use-case-input.js';
import type { PosKind, PosLine } from './pos.rules.js';

export type NewPosTransaction = {
  companyId: number;
  kind: PosKind;
  locationId: number;
  deviceId: number | null;
  readingSetId: string;
  startTime: Date;
  endTime: Date;
};

/** Inserts a sale or return with its items (inside the ingest transaction). item_count = items counted (quantity 1). */
export const insertPosTransaction = async (db: DbOrTx, t: NewPosTransaction, lines: PosLine[]): Promise<number> => {
  const itemCount = lines.reduce((sum, l) => sum + l.quantity, 0);
  const [row] = await db
    .insert(posTransactions)
    .values({ ...t, itemCount })
    .returning({ id: posTransactions.id });
  if (!row) throw new Error('pos transaction not inserted');
  if (lines.length) {
    await db.insert(posTransactionItems).values(
      lines.map((l) => ({
        transactionId: row.id,
        itemId: l.itemId,
        epc: l.epc,
        itemTypeId: l.itemTypeId,
        quantity: l.quantity,
        warning: l.warning,
      })),
    );
  }
  return row.id;
};

export const posFilters: FilterSpec = {
  id: { column: posTransactions.id, lookups: ['exact', 'contains', 'icontains'], type: 'number' },
  end_time: { column: posTransactions.endTime, lookups: ['gte', 'lte'], type: 'date' },
  start_time: { column: posTransactions.startTime, lookups: ['gte', 'lte'], type: 'date' },
};
/** EPCs read: the `item_count` of the list row (`itemCount` stores the items counted, quantity 1). */
const readCount =
  sql<number>`(select count(*) from ${posTransactionItems} where ${posTransactionItems.transactionId} = ${posTransactions.id})::int`.mapWith(
    Number,
  );
const posOrder = {
  id: posTransactions.id,
  end_time: posTransactions.endTime,
  start_time: posTransactions.startTime,
  item_count: readCount,
};

const columns = {
  id: posTransactions.id,
  kind: posTransactions.kind,
  locationId: posTransactions.locationId,
  locationDescription: locations.description,
  deviceId: posTransactions.deviceId,
  serialNumber: devices.serialNumber,
  itemCount: posTransactions.itemCount,
  readCount,
  startTime: posTransactions.startTime,
  endTime: posTransactions.endTime,
  createdAt: posTransactions.createdAt,
};
export type PosRow = {
  id: number;
  kind: PosKind;
  locationId: number;
  locationDescription: string | null;
  deviceId: number | null;
  serialNumber: string | null;
  itemCount: number;
  readCount: number;
  startTime: Date;
  endTime: Date;
  createdAt: Date;
};

const selectRows = (db: DbOrTx) =>
  db
    .select(columns)
    .from(posTransactions)
    .leftJoin(locations, eq(locations.id, posTransactions.locationId))
    .leftJoin(devices, eq(devices.id, posTransactions.deviceId));

export const listPosTransactions = async (
  db: DbOrTx,
  { kind, locationId, query, page, timeZone }: LocationKindPage<PosKind, PosListQuery>,
): Promise<{ count: number; rows: PosRow[] }> => {
  const where = and(
    eq(posTransactions.locationId, locationId),
    eq(posTransactions.kind, kind),
    buildFilters(query, posFilters, { timeZone }),
  ) as SQL;
  const order = buildOrderBy(query.order_by, posOrder, [desc(posTransactions.endTime), desc(posTransactions.id)]);
  const selected = selectRows(db).where(where).$dynamic();
  return pageOf(db, selected, order, page);
};

export const getPosTransaction = async (
  db: DbOrTx,
  { id, kind, companyId }: { id: number; kind: PosKind; companyId: number },
): Promise<PosRow | undefined> => {
  const [row] = await selectRows(db)
    .where(and(eq(posTransactions.id, id), eq(posTransactions.kind, kind), eq(posTransactions.companyId, companyId)))
    .limit(1);
  return row;
};

export const posItems = async (db: DbOrTx, transactionId: number, page: PageParams) => {
  const where = eq(posTransactionItems.transactionId, transactionId);
  const selected = db
    .select({
      id: posTransactionItems.id,
      epc: posTransactionItems.epc,
      gtin: items.gtin,
      itemTypeId: posTransactionItems.itemTypeId,
      description: itemTypes.description,
      size: itemTypes.sizePrimary,
      colour: itemTypes.colour,
      serial: items.serial,
      quantity: posTransactionItems.quantity,
      warning: posTransactionItems.warning,
    })
    .from(posTransactionItems)
    .leftJoin(items, eq(items.id, posTransactionItems.itemId))
    .leftJoin(itemTypes, eq(itemTypes.id, posTransactionItems.itemTypeId))
    .where(where)
    .$dynamic();
  return pageOf(db, selected, [asc(posTransactionItems.id)], page);
};
