import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  boxContents,
  boxes,
  devices,
  items,
  itemTypes,
  orders,
  traces,
  verificationLines,
  verifications,
} from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildOrderBy } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleOrders } from '../orders/order-scope.repository.js';
import { recomputeOrderSide } from '../orders/order-status.repository.js';
import { emitBoxStatusChanged } from '../webhooks/emit-changes.js';
import type { ComparedLine, ExpectedLine } from './verification.rules.js';
import { boxStatusFor } from './verification.rules.js';

export type Side = 'origin' | 'destination';
export type OrderKind = 'purchase' | 'movement' | 'online';

/** The box a barcode names, with its order (for the engine). */
export const findBoxByCodebar = async (db: DbOrTx, companyId: number, codebar: string) => {
  const [row] = await db
    .select({
      boxId: boxes.id,
      orderId: orders.id,
      type: orders.type,
      originLocationId: orders.originLocationId,
      destinationLocationId: orders.destinationLocationId,
      originStatus: orders.originStatus,
      destinationStatus: orders.destinationStatus,
      closed: orders.closed,
    })
    .from(boxes)
    .innerJoin(orders, eq(orders.id, boxes.orderId))
    .where(and(eq(boxes.companyId, companyId), eq(boxes.codebar, codebar)))
    .limit(1);
  return row;
};

/** Locks the order row so concurrent verifications of its boxes recompute its status one at a time. */
export const lockOrder = async (db: DbOrTx, orderId: number): Promise<void> => {
  await db.execute(sql`select id from ${orders} where ${orders.id} = ${orderId} for update`);
};

/** What a box expects, per GTIN. */
export const expectedContents = async (db: DbOrTx, boxId: number): Promise<ExpectedLine[]> =>
  db
    .select({
      gtin: itemTypes.gtin,
      itemTypeId: boxContents.itemTypeId,
      quantity: sql<number>`sum(${boxContents.quantity})::int`,
    })
    .from(boxContents)
    .innerJoin(itemTypes, eq(itemTypes.id, boxContents.itemTypeId))
    .where(eq(boxContents.boxId, boxId))
    .groupBy(itemTypes.gtin, boxContents.itemTypeId);

export type NewVerification = {
  companyId: number;
  boxId: number;
  orderId: number;
  readingSetId: string;
  deviceId: number | null;
  side: Side;
  code: string;
  startTime: Date;
  endTime: Date;
  realItemCount: number;
  matchedItemCount: number;
  hasErrors: boolean;
  lines: ComparedLine[];
};

export const insertVerification = async (db: DbOrTx, v: NewVerification): Promise<number> => {
  const { lines, ...row } = v;
  const [inserted] = await db.insert(verifications).values(row).returning({ id: verifications.id });
  if (!inserted) throw new Error('verification not inserted');
  if (lines.length) {
    await db.insert(verificationLines).values(
      lines.map((l) => ({
        verificationId: inserted.id,
        itemTypeId: l.itemTypeId,
        gtin: l.gtin,
        expected: l.expected,
        real: l.real,
      })),
    );
  }
  return inserted.id;
};

/**
 * Recomputes a box's status on one side from its latest valid verification, then the order's
 * side status from its boxes' statuses, and the order's arrival (destination) or exit (origin)
 * date from its first valid verification on that side.
 */
export const recomputeBoxAndOrder = async (
  db: DbOrTx,
  { boxId, orderId, side }: { boxId: number; orderId: number; side: Side },
) => {
  const [latest] = await db
    .select({ hasErrors: verifications.hasErrors, endTime: verifications.endTime })
    .from(verifications)
    .where(and(eq(verifications.boxId, boxId), eq(verifications.side, side), eq(verifications.valid, true)))
    .orderBy(desc(verifications.startTime), desc(verifications.id))
    .limit(1);
  const status = boxStatusFor(latest ?? null);
  const readingTime = latest?.endTime ?? null;
  const [box] = await db
    .select({
      codebar: boxes.codebar,
      companyId: boxes.companyId,
      originStatus: boxes.originStatus,
      destinationStatus: boxes.destinationStatus,
      originLocationId: orders.originLocationId,
      destinationLocationId: orders.destinationLocationId,
    })
    .from(boxes)
    .innerJoin(orders, eq(orders.id, boxes.orderId))
    .where(eq(boxes.id, boxId));
  const before = side === 'destination' ? box?.destinationStatus : box?.originStatus;
  if (box && before !== undefined && before !== status) {
    // Issue 27: an `order.status_changed` webhook of the box, in the transaction of the change.
    await emitBoxStatusChanged(db, {
      id: boxId,
      codebar: box.codebar,
      orderId,
      companyId: box.companyId,
      locationId: side === 'destination' ? box.destinationLocationId : box.originLocationId,
      side,
      from: before,
      to: status,
    });
  }
  await db
    .update(boxes)
    .set(
      side === 'destination'
        ? { destinationStatus: status, destinationReadingTime: readingTime }
        : { originStatus: status, originReadingTime: readingTime },
    )
    .where(eq(boxes.id, boxId));

  await recomputeOrderSide(db, { orderId, side, withDate: true });
};

// ---------------------------------------------------------------- reads for the API

const verificationColumns = {
  id: verifications.id,
  code: verifications.code,
  box: verifications.boxId,
  order: verifications.orderId,
  side: verifications.side,
  readingSet: verifications.readingSetId,
  startTime: verifications.startTime,
  endTime: verifications.endTime,
  realItemCount: verifications.realItemCount,
  matchedItemCount: verifications.matchedItemCount,
  hasErrors: verifications.hasErrors,
  valid: verifications.valid,
  deviceId: verifications.deviceId,
  serialNumber: devices.serialNumber,
  theoricalItemCount: sql<number>`coalesce((select sum(${verificationLines.expected}) from ${verificationLines} where ${verificationLines.verificationId} = ${verifications.id}), 0)::int`,
};
export type VerificationRow = {
  id: number;
  code: string;
  box: number;
  order: number;
  side: Side;
  readingSet: string;
  startTime: Date;
  endTime: Date;
  realItemCount: number;
  matchedItemCount: number;
  hasErrors: boolean;
  valid: boolean;
  deviceId: number | null;
  serialNumber: string | null;
  theoricalItemCount: number;
};

/** A verification whose order the user may see. */
export const getVerification = async (db: DbOrTx, user: AuthUser, id: number): Promise<VerificationRow | undefined> => {
  const [row] = await db
    .select(verificationColumns)
    .from(verifications)
    .innerJoin(orders, eq(orders.id, verifications.orderId))
    .leftJoin(devices, eq(devices.id, verifications.deviceId))
    .where(and(eq(verifications.id, id), visibleOrders(user)))
    .limit(1);
  return row;
};

export const listBoxVerifications = async (
  db: DbOrTx,
  { boxId, side, orderBy, page }: { boxId: number; side: Side; orderBy: string | undefined; page: PageParams },
): Promise<{ count: number; rows: VerificationRow[] }> => {
  const where = and(eq(verifications.boxId, boxId), eq(verifications.side, side));
  const order = buildOrderBy(
    orderBy,
    {
      start_time: verifications.startTime,
      end_time: verifications.endTime,
      id: verifications.id,
      real_item_count: verifications.realItemCount,
    },
    [desc(verifications.startTime), desc(verifications.id)],
  );
  const selected = db
    .select(verificationColumns)
    .from(verifications)
    .leftJoin(devices, eq(devices.id, verifications.deviceId))
    .where(where)
    .$dynamic();
  return pageOf(db, selected, order, page);
};

export const setVerificationValid = async (db: DbOrTx, id: number, valid: boolean): Promise<void> => {
  await db.update(verifications).set({ valid }).where(eq(verifications.id, id));
};

/** Per-GTIN lines of one verification with the GTIN's attributes, ordered by GTIN. */
export const verificationReport = async (
  db: DbOrTx,
  { verificationId, gtinContains, page }: { verificationId: number; gtinContains?: string; page: PageParams },
) => {
  const where = and(
    eq(verificationLines.verificationId, verificationId),
    gtinContains ? sql`${verificationLines.gtin} like ${`%${gtinContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  ) as SQL;
  const selected = db
    .select({
      id: verificationLines.id,
      gtin: verificationLines.gtin,
      itemTypeId: verificationLines.itemTypeId,
      expected: verificationLines.expected,
      real: verificationLines.real,
      description: itemTypes.description,
      section: itemTypes.section,
      clothType: itemTypes.clothType,
      model: itemTypes.model,
      colour: itemTypes.colour,
      reference: itemTypes.reference,
      sizes: itemTypes.sizes,
    })
    .from(verificationLines)
    .leftJoin(itemTypes, eq(itemTypes.id, verificationLines.itemTypeId))
    .where(where)
    .$dynamic();
  return pageOf(db, selected, [asc(verificationLines.gtin)], page);
};

/**
 * The EPCs of a verification's reading set (from the set's traces, one row per item), with
 * quantity 1 when the box expects the EPC's GTIN and 0 otherwise.
 */
export const verificationItems = async (
  db: DbOrTx,
  { readingSetId, boxId, page }: { readingSetId: string; boxId: number; page: PageParams },
) => {
  const setItems = db
    .selectDistinct({ itemId: traces.itemId })
    .from(traces)
    .where(eq(traces.readingSetId, readingSetId))
    .as('set_items');
  const [total] = await db.select({ n: count() }).from(setItems);
  const expectedTypes = db.select({ id: boxContents.itemTypeId }).from(boxContents).where(eq(boxContents.boxId, boxId));
  const rows = await db
    .select({
      id: items.id,
      epc: items.epc,
      gtin: items.gtin,
      itemTypeId: items.itemTypeId,
      serial: items.serial,
      description: itemTypes.description,
      size: itemTypes.sizePrimary,
      colour: itemTypes.colour,
      quantity: sql<number>`case when ${items.itemTypeId} in ${expectedTypes} then 1 else 0 end`.mapWith(Number),
    })
    .from(setItems)
    .innerJoin(items, eq(items.id, setItems.itemId))
    .leftJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
    .orderBy(asc(items.gtin), asc(items.epc))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
};
