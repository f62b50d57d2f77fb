/** Where printing's labels come from: purchase orders' expected contents, and NiceLabel orders. */
import { NicelabelStatus, PrintOrderState } from '@rfid/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { listCount } from '../../db/counts.js';
import { timestamp } from '../../db/row-schemas.js';
import { parseRows } from '../../db/rows.js';
import { boxContents, boxes, itemTypes, nicelabelOrders, orders, printOrders } from '../../db/schema/index.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleOrders } from '../orders/order-scope.repository.js';
import { visibleOrderSql } from './print-order-scope.repository.js';

const nicelabelRowSchema = z.object({
  id: z.number(),
  status: z.number(),
  created_at: timestamp,
  updated_at: timestamp,
  order_id: z.number(),
  order_code: z.string(),
  print_order_id: z.number(),
  print_order_name: z.string(),
  total_quantity: z.number(),
  print_order_state: z.string(),
});
export type NicelabelRow = z.infer<typeof nicelabelRowSchema>;

/** What printing an order's expected labels needs of the order: its code and its two locations. */
const orderToPrintColumns = {
  orderId: orders.id,
  orderCode: orders.orderCode,
  originLocationId: orders.originLocationId,
  destinationLocationId: orders.destinationLocationId,
};

/** What printing purchase orders' expected labels reads: the orders or the box, and their expected contents. */
export const expectedLabelQueries = (db: DbOrTx) => ({
  /** The purchase orders of these the user sees (the rest are left out): codes and locations, in id order. */
  async purchaseOrdersToPrint(user: AuthUser, orderIds: number[]) {
    return db
      .select(orderToPrintColumns)
      .from(orders)
      .where(and(inArray(orders.id, orderIds), eq(orders.type, 'purchase'), visibleOrders(user)))
      .orderBy(asc(orders.id));
  },

  /** A box of an order the user sees (404 otherwise), with its order's code and locations. */
  async boxToPrint(user: AuthUser, boxId: number) {
    const [row] = await db
      .select({ ...orderToPrintColumns, codebar: boxes.codebar })
      .from(boxes)
      .innerJoin(orders, eq(orders.id, boxes.orderId))
      .where(and(eq(boxes.id, boxId), visibleOrders(user)));
    return row;
  },

  /** The expected contents of the boxes of orders (or of one box), summed per GTIN, in GTIN order. */
  async expectedContents(target: { orderIds: number[] } | { boxId: number }) {
    const rows = await db
      .select({ itemTypeId: itemTypes.id, gtin: itemTypes.gtin, quantity: sql<number>`sum(${boxContents.quantity})::int` })
      .from(boxContents)
      .innerJoin(boxes, eq(boxes.id, boxContents.boxId))
      .innerJoin(itemTypes, eq(itemTypes.id, boxContents.itemTypeId))
      .where('orderIds' in target ? inArray(boxes.orderId, target.orderIds) : eq(boxes.id, target.boxId))
      .groupBy(itemTypes.id, itemTypes.gtin)
      .orderBy(asc(itemTypes.gtin));
    return rows.map((r) => ({ ...r, quantity: Number(r.quantity) })).filter((r) => r.quantity > 0);
  },
});

/** NiceLabel orders, and the print orders they complete or give up. */
export const nicelabelQueries = (db: DbOrTx) => ({
  async nicelabelOrders(
    user: AuthUser,
    filters: { id?: number; status?: number; order?: number; openForOrder?: number },
    page: PageParams,
  ): Promise<{ count: number; rows: NicelabelRow[] }> {
    const where = sql.join(
      [
        sql`n.company_id = ${user.companyId}`,
        visibleOrderSql(user),
        ...(filters.id === undefined ? [] : [sql`n.id = ${filters.id}`]),
        ...(filters.status === undefined ? [] : [sql`n.status = ${filters.status}`]),
        ...(filters.order === undefined ? [] : [sql`n.order_id = ${filters.order}`]),
        ...(filters.openForOrder === undefined
          ? []
          : [sql`n.order_id = ${filters.openForOrder} and n.status < ${NicelabelStatus.completed}`]),
      ],
      sql` and `,
    );
    const from = sql`nicelabel_orders n join print_orders po on po.id = n.print_order_id join orders o on o.id = n.order_id`;
    const rows = parseRows(
      nicelabelRowSchema,
      await db.execute(sql`select n.id, n.status, n.created_at, n.updated_at, o.id as order_id, o.order_code,
        po.id as print_order_id, po.name as print_order_name, po.total_quantity, po.state as print_order_state
        from ${from} where ${where} order by n.id desc limit ${page.limit} offset ${page.offset}`),
    );
    return {
      count: await listCount(db, { rows: sql`select 1 from ${from} where ${where}`, page, rowsOnPage: rows.length }),
      rows,
    };
  },

  /** Inserts the order's open NiceLabel order; undefined when another one is open already (the partial unique index). */
  async insertNicelabelOrder(values: {
    companyId: number;
    orderId: number;
    printOrderId: number;
    createdBy: number;
  }): Promise<number | undefined> {
    const [row] = await db.insert(nicelabelOrders).values(values).onConflictDoNothing().returning({ id: nicelabelOrders.id });
    return row?.id;
  },

  /** Moves a NiceLabel order forward only; false when it is at `status` or beyond already. */
  async advanceNicelabelOrder(id: number, status: number): Promise<boolean> {
    const rows = await db
      .update(nicelabelOrders)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(nicelabelOrders.id, id), sql`${nicelabelOrders.status} < ${status}`))
      .returning({ id: nicelabelOrders.id });
    return rows.length > 0;
  },

  /**
   * Every label of a print order printed now (those not printed yet), the order PRINTED: NiceLabel printed them. Voided
   * labels (sent to a printer that never confirmed them) stay voided: their EPCs are never printed again.
   */
  async completePrintOrder(printOrderId: number): Promise<void> {
    await db.execute(sql`update print_tags set printed_at = now()
      where print_order_id = ${printOrderId} and printed_at is null and voided_at is null`);
    await db
      .update(printOrders)
      .set({
        state: PrintOrderState.Printed,
        progress: sql`${printOrders.totalQuantity} - ${printOrders.voidedLabels}`,
        fromLabel: sql`${printOrders.totalQuantity} + 1`,
      })
      .where(eq(printOrders.id, printOrderId));
  },

  async deletePrintOrder(printOrderId: number): Promise<void> {
    await db.delete(printOrders).where(eq(printOrders.id, printOrderId));
  },
});
