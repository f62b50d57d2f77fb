import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { boxes, items, itemTypes, locations, orders, providers } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleOrders } from '../orders/order-scope.repository.js';

/** The header search's reads (issue 28): items, catalogue products, orders and boxes, each in the user's scope. */

export type OrderType = 'purchase' | 'movement' | 'online';

export type ItemHit = { epc: string; gtin: string | null; description: string | null };
export type GtinHit = { gtin: string; description: string; colour: string; size: string };
export type OrderHit = {
  id: number;
  type: OrderType;
  code: string;
  originLocationId: number | null;
  destinationLocationId: number | null;
  origin: string | null;
  destination: string | null;
  provider: string | null;
};
export type BoxHit = { id: number; barcode: string; order: OrderHit };

export type SearchRepository = {
  /** The items with one of these EPCs (hex, upper case). */
  itemsByEpc: (user: AuthUser, epcs: string[]) => Promise<ItemHit[]>;
  /** The items of a GTIN-14 and serial (an EPC URI's or a Digital Link's). */
  itemsByGtinSerial: (user: AuthUser, gtin: string, serial: string) => Promise<ItemHit[]>;
  /** The product of the company's catalogue with this GTIN-14. */
  productByGtin: (user: AuthUser, gtin: string) => Promise<GtinHit | undefined>;
  /** Orders whose code starts with `prefix` (any case), the exact one first, then the newest. */
  ordersByCodePrefix: (user: AuthUser, prefix: string, limit: number) => Promise<OrderHit[]>;
  /** Boxes whose barcode starts with `prefix` (any case), the exact one first. */
  boxesByBarcodePrefix: (user: AuthUser, prefix: string, limit: number) => Promise<BoxHit[]>;
};

const origin = alias(locations, 'origin');
const destination = alias(locations, 'destination');

/** Items of the company; below role 2 only those now at one of the user's locations (as the tracker's scope). */
const itemScope = (user: AuthUser): SQL => {
  const company = eq(items.companyId, user.companyId);
  if (user.locationIds === null) return company;
  if (user.locationIds.length === 0) return sql`false`;
  return and(company, inArray(items.locationId, user.locationIds)) as SQL;
};

const orderColumns = {
  id: orders.id,
  type: orders.type,
  code: orders.orderCode,
  originLocationId: orders.originLocationId,
  destinationLocationId: orders.destinationLocationId,
  origin: origin.description,
  destination: destination.description,
  provider: providers.name,
};

const prefixPattern = (prefix: string) => `${escapeLike(prefix)}%`;

export const createSearchRepository = (db: DbOrTx): SearchRepository => {
  const itemsWhere = (user: AuthUser, where: SQL) =>
    db
      .select({ epc: items.epc, gtin: items.gtin, description: itemTypes.description })
      .from(items)
      .leftJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
      .where(and(where, itemScope(user)))
      .orderBy(asc(items.epc))
      .limit(5);

  const ordersWhere = (user: AuthUser, where: SQL, exact: string, limit: number) =>
    db
      .select(orderColumns)
      .from(orders)
      .leftJoin(origin, eq(origin.id, orders.originLocationId))
      .leftJoin(destination, eq(destination.id, orders.destinationLocationId))
      .leftJoin(providers, eq(providers.id, orders.providerId))
      .where(and(where, visibleOrders(user)))
      .orderBy(sql`lower(${orders.orderCode}) = lower(${exact}) desc`, desc(orders.creationDate), desc(orders.id))
      .limit(limit);

  return {
    itemsByEpc: (user, epcs) => (epcs.length === 0 ? Promise.resolve([]) : itemsWhere(user, inArray(items.epc, epcs))),
    itemsByGtinSerial: (user, gtin, serial) => itemsWhere(user, and(eq(items.gtin, gtin), eq(items.serial, serial)) as SQL),
    async productByGtin(user, gtin) {
      const [row] = await db
        .select({
          gtin: itemTypes.gtin,
          description: itemTypes.description,
          colour: itemTypes.colour,
          size: itemTypes.sizePrimary,
        })
        .from(itemTypes)
        .where(and(eq(itemTypes.companyId, user.companyId), eq(itemTypes.gtin, gtin)))
        .limit(1);
      return row;
    },
    ordersByCodePrefix: (user, prefix, limit) => ordersWhere(user, ilike(orders.orderCode, prefixPattern(prefix)), prefix, limit),
    async boxesByBarcodePrefix(user, prefix, limit) {
      const rows = await db
        .select({ boxId: boxes.id, barcode: boxes.codebar, ...orderColumns })
        .from(boxes)
        .innerJoin(orders, eq(orders.id, boxes.orderId))
        .leftJoin(origin, eq(origin.id, orders.originLocationId))
        .leftJoin(destination, eq(destination.id, orders.destinationLocationId))
        .leftJoin(providers, eq(providers.id, orders.providerId))
        .where(
          and(
            eq(boxes.companyId, user.companyId),
            or(eq(boxes.codebar, prefix), ilike(boxes.codebar, prefixPattern(prefix))),
            visibleOrders(user),
          ),
        )
        .orderBy(sql`lower(${boxes.codebar}) = lower(${prefix}) desc`, asc(boxes.codebar))
        .limit(limit);
      return rows.map(({ boxId, barcode, ...order }) => ({ id: boxId, barcode, order }));
    },
  };
};
