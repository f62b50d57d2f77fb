import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { boxes, orders, receptions } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { findVisibleLocation } from '../locations/location-scope.repository.js';
import { codebarExists, insertBox, insertContents, insertReception, itemTypesByGtin } from './boxes.repository.js';
import { recomputeOrderSides } from './order-status.repository.js';
import { getProvider } from './providers.repository.js';

export type NewWizardOrder = Omit<typeof orders.$inferInsert, 'id'> & { clientKey: string | null };

/** An order the wizard created, as a replay of its Idempotency-Key answers it. */
export type StoredOrderWithBoxes = {
  id: number;
  type: 'purchase' | 'movement' | 'online';
  orderCode: string;
  receptionId: number;
  boxes: { id: number; codebar: string }[];
};

/** The writes of one wizard order, all inside one transaction. */
export type OrderWithBoxesWrites = {
  /** The new order's id, or null when another request took its Idempotency-Key first. */
  insertOrder: (values: NewWizardOrder) => Promise<number | null>;
  insertReception: (orderId: number, code: string) => Promise<number>;
  isBarcodeTaken: (companyId: number, codebar: string) => Promise<boolean>;
  insertBox: (values: { companyId: number; orderId: number; receptionId: number; codebar: string }) => Promise<number>;
  insertContents: (rows: { boxId: number; itemTypeId: number; quantity: number }[]) => Promise<void>;
  /** The order's side statuses from its (new, unread) boxes. */
  recomputeSides: (orderId: number) => Promise<void>;
};

export type OrderWithBoxesRepository = {
  isLocationVisible: (user: AuthUser, locationId: number) => Promise<boolean>;
  hasProvider: (companyId: number, providerId: number) => Promise<boolean>;
  /** The company's item type id of each GTIN given (GTIN-8/12/13 found as GTIN-14 too); a missing one is absent. */
  itemTypeIds: (companyId: number, gtins: string[]) => Promise<Map<string, number>>;
  findByKey: (companyId: number, clientKey: string) => Promise<StoredOrderWithBoxes | null>;
  /** Runs `work` in one transaction: when it throws, nothing it wrote is kept. */
  transaction: <T>(work: (writes: OrderWithBoxesWrites) => Promise<T>) => Promise<T>;
};

const writesOf = (tx: DbOrTx): OrderWithBoxesWrites => ({
  insertOrder: async (values) => {
    const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning({ id: orders.id });
    return row?.id ?? null;
  },
  insertReception: async (orderId, code) => (await insertReception(tx, orderId, code)).id,
  isBarcodeTaken: (companyId, codebar) => codebarExists(tx, companyId, codebar),
  insertBox: (values) => insertBox(tx, values),
  insertContents: async (rows) => {
    await insertContents(tx, rows);
  },
  recomputeSides: (orderId) => recomputeOrderSides(tx, orderId, ['destination', 'origin']),
});

export const createOrderWithBoxesRepository = (db: Db): OrderWithBoxesRepository => ({
  isLocationVisible: async (user, locationId) => Boolean(await findVisibleLocation(db, user, locationId)),
  hasProvider: async (companyId, providerId) => Boolean(await getProvider(db, companyId, providerId)),
  itemTypeIds: async (companyId, gtins) => {
    const byGtin = await itemTypesByGtin(db, companyId, gtins);
    const ids = new Map<string, number>();
    for (const gtin of gtins) {
      const found = byGtin.get(gtin) ?? byGtin.get(gtin.padStart(14, '0'));
      if (found) ids.set(gtin, found.id);
    }
    return ids;
  },
  findByKey: async (companyId, clientKey) => {
    const [order] = await db
      .select({ id: orders.id, type: orders.type, orderCode: orders.orderCode })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.clientKey, clientKey)))
      .limit(1);
    if (!order) return null;
    const [reception] = await db
      .select({ id: receptions.id })
      .from(receptions)
      .where(eq(receptions.orderId, order.id))
      .orderBy(asc(receptions.id))
      .limit(1);
    const rows = await db
      .select({ id: boxes.id, codebar: boxes.codebar })
      .from(boxes)
      .where(eq(boxes.orderId, order.id))
      .orderBy(asc(boxes.id));
    return { ...order, receptionId: reception?.id ?? 0, boxes: rows };
  },
  transaction: (work) => db.transaction((tx) => work(writesOf(tx))),
});
