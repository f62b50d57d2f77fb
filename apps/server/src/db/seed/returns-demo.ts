import { ItemState, PosWarning } from '@rfid/contract';
import { createSerialTags } from '@rfid/epc';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  boxContents,
  boxes,
  items,
  itemTypes,
  orders,
  posTransactionItems,
  posTransactions,
  returnItems,
  returns,
} from '../schema/index.js';
import { areaIdOf, catalogStretch, demoItemIdentity, demoSites, deviceIdOf } from './demo-lookups.js';

/**
 * Demo tickets and returns, so their lists and detail pages (/pos, /pos/exits, /inbound/returns, /outbound/returns and
 * their details) have something to show on the first start. None of them changes the stock the earlier demos left
 * (the dashboard's daily history ends at it), so it runs after them (it needs the orders of stats-demo.ts):
 *
 * - T-MAD-01, the POS pad POS-T01-01: a sale yesterday of 3 tags (new items, SOLD: no area, no location) and a return
 *   3 days ago of one tag of the back room (returned then, seen in the back room since) with a second tag the pad
 *   could not take back (quantity 0, "not sold").
 * - CD-MAD: a provider return 2 days ago of 4 tags of its first received purchase order (new items, RETURNED TO
 *   SUPPLIER: no area, no location), and a sale return yesterday of 2 tags of its first shipped online order (tags in
 *   stock in the shipping area now: back at the dock then, taken to shipping since).
 *
 * The tags' serials start at 7.8 × 10^10, clear of the stock demo's (7.7 × 10^10) and of the simulator's (above 10^11).
 */
const SERIAL_BASE = 78_000_000_000;
const DAY = 86_400_000;

export const seedReturnsDemo = async (db: Db): Promise<void> => {
  const sites = await demoSites(db);
  if (!sites) return;
  const { mad, store } = sites;
  const companyId = mad.companyId;
  const pad = (await deviceIdOf(db, 'POS-T01-01')) ?? null;
  const backRoom = await areaIdOf(db, store.id, 'Almacén tienda');
  const shipping = await areaIdOf(db, mad.id, 'Expedición');
  // The stock demo's back-room GTINs (its stretch of the catalog from 260, types 8 and 9).
  const storeTypes = await catalogStretch(db, companyId, 268, 3);
  const [purchase] = await db
    .select({ id: orders.id, code: orders.orderCode, providerId: orders.providerId })
    .from(orders)
    .where(and(eq(orders.type, 'purchase'), eq(orders.destinationLocationId, mad.id), isNotNull(orders.arrivalDate)))
    .orderBy(asc(orders.arrivalDate))
    .limit(1);
  const [online] = await db
    .select({ id: orders.id, code: orders.orderCode })
    .from(orders)
    .where(and(eq(orders.type, 'online'), eq(orders.originLocationId, mad.id), isNotNull(orders.exitDate)))
    .orderBy(asc(orders.exitDate))
    .limit(1);
  if (!backRoom || !shipping || storeTypes.length < 3 || !purchase || !online) return;
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  /** Tags in stock in an area, newest first: the ones the returns name. */
  const stocked = (areaId: number, limit: number) =>
    db
      .select({ id: items.id, epc: items.epc, itemTypeId: items.itemTypeId })
      .from(items)
      .where(and(eq(items.areaId, areaId), eq(items.state, ItemState.Stocked)))
      .orderBy(desc(items.lastSeenAt), asc(items.id))
      .limit(limit);
  const [returned, notSold] = await stocked(backRoom, 2);
  const backAtDock = await stocked(shipping, 2);
  const purchased = await db
    .selectDistinct({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(boxContents)
    .innerJoin(boxes, eq(boxes.id, boxContents.boxId))
    .innerJoin(itemTypes, eq(itemTypes.id, boxContents.itemTypeId))
    .where(eq(boxes.orderId, purchase.id))
    .orderBy(asc(itemTypes.gtin))
    .limit(2);
  if (!returned || !notSold || backAtDock.length < 2 || purchased.length === 0) return;

  await db.transaction(async (tx) => {
    const nextTag = createSerialTags({ companyPrefixLength: 7, serialBase: SERIAL_BASE });
    /** New items of these types that left the company's stock (`state`: SOLD or RETURNED TO SUPPLIER). */
    const gone = (types: { id: number; gtin: string }[], count: number, state: number, daysAgo: number) => {
      const rows = Array.from({ length: count }, (_, i) => {
        const type = types[i % types.length] as { id: number; gtin: string };
        return {
          ...demoItemIdentity(nextTag, companyId, type),
          state,
          lastSeenAt: at(daysAgo),
        };
      });
      return tx.insert(items).values(rows).returning({ id: items.id, epc: items.epc, itemTypeId: items.itemTypeId });
    };
    const ticket = async (
      kind: 'sale' | 'return',
      daysAgo: number,
      lines: { id: number; epc: string; itemTypeId: number | null; warning?: string }[],
    ) => {
      const [row] = await tx
        .insert(posTransactions)
        .values({
          companyId,
          kind,
          locationId: store.id,
          deviceId: pad,
          itemCount: lines.filter((line) => !line.warning).length,
          startTime: new Date(at(daysAgo).getTime() - 20_000),
          endTime: at(daysAgo),
        })
        .returning({ id: posTransactions.id });
      if (!row) throw new Error('seed: POS ticket not created');
      await tx.insert(posTransactionItems).values(
        lines.map((line) => ({
          transactionId: row.id,
          itemId: line.id,
          epc: line.epc,
          itemTypeId: line.itemTypeId,
          quantity: line.warning ? 0 : 1,
          warning: line.warning ?? null,
        })),
      );
    };
    await ticket('return', 3, [returned, { ...notSold, warning: PosWarning.NotSold }]);
    await ticket('sale', 1, await gone(storeTypes, 3, ItemState.Sold, 1));

    const giveBack = async (
      kind: 'provider' | 'sale',
      order: { id: number; code: string; providerId?: number | null },
      daysAgo: number,
      lines: { id: number; epc: string; itemTypeId: number | null }[],
    ) => {
      const [row] = await tx
        .insert(returns)
        .values({
          companyId,
          kind,
          locationId: mad.id,
          code: order.code,
          orderId: order.id,
          providerId: kind === 'provider' ? (order.providerId ?? null) : null,
          realItemCount: lines.length,
          startTime: new Date(at(daysAgo).getTime() - 30_000),
          endTime: at(daysAgo),
        })
        .returning({ id: returns.id });
      if (!row) throw new Error('seed: return not created');
      await tx
        .insert(returnItems)
        .values(lines.map((line) => ({ returnId: row.id, itemId: line.id, epc: line.epc, itemTypeId: line.itemTypeId })));
    };
    await giveBack('provider', purchase, 2, await gone(purchased, 4, ItemState.ReturnedToSupplier, 2));
    await giveBack('sale', online, 1, backAtDock);
  });
};
