import type { Db, DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import { companyTimeZone, requireLocation } from '../locations/location-scope.js';
import { inboundFigures } from '../stats/figures.repository.js';
import { createOrderPagesRepository } from './order-pages.repository.js';
import * as rows from './orders.repository.js';
import { orderLoader } from './use-cases/order-pages.js';

/** The input of a repository function `fn(db, input)`, without its database handle. */
export type InputOf<F> = F extends (db: never, input: infer I) => unknown ? I : never;

type ReceptionRow = NonNullable<Awaited<ReturnType<typeof rows.getReception>>>;

/** The writes of a box and its contents, all inside one transaction. */
export type InboundWrites = {
  /** Locks the order (one lock order: an order before its boxes). */
  lockOrder: (orderId: number) => Promise<void>;
  codebarExists: (companyId: number, codebar: string) => Promise<boolean>;
  /** The company's item types of these GTINs, keyed by GTIN (GTIN-8/12/13 found as GTIN-14 too). */
  itemTypesByGtin: (companyId: number, gtins: string[]) => Promise<Map<string, { id: number; gtin: string }>>;
  insertBox: (values: { companyId: number; orderId: number; receptionId: number; codebar: string }) => Promise<number>;
  insertContents: (
    contents: { boxId: number; itemTypeId: number; quantity: number }[],
  ) => Promise<{ id: number; boxId: number; itemTypeId: number; quantity: number }[]>;
  /** The order's side statuses from its boxes. */
  recomputeSides: (orderId: number) => Promise<void>;
};

/**
 * What the inbound use cases (use-cases/*.ts) read and write: locations and orders the user sees (404 when not),
 * providers, receptions, boxes, statistics figures, print data and returns.
 */
export type InboundRepository = {
  /** The location when the user sees it, with its IANA zone (else a 404 location.not_found). */
  location: (user: AuthUser, locationId: number) => Promise<{ timeZone: string }>;
  /** The zone of the user's company. */
  companyTimeZone: (user: AuthUser) => Promise<string>;
  /** The order (any type) the user may see, or a 404. */
  requireOrder: (user: AuthUser, id: number) => Promise<rows.OrderWithAggregates>;
  /** The order (any type) the user may see, or undefined. */
  order: (user: AuthUser, id: number) => Promise<rows.OrderWithAggregates | undefined>;
  insertOrder: (values: InputOf<typeof rows.insertOrder>) => Promise<number>;
  provider: (companyId: number, id: number) => Promise<{ id: number; name: string } | undefined>;
  providerStats: (user: AuthUser, providerId: number) => ReturnType<typeof rows.providerStats>;
  listOrders: (input: InputOf<typeof rows.listOrders>) => ReturnType<typeof rows.listOrders>;
  listLocationOrders: (input: InputOf<typeof rows.listLocationOrders>) => ReturnType<typeof rows.listLocationOrders>;
  reception: (user: AuthUser, id: number) => Promise<ReceptionRow | undefined>;
  insertReception: (orderId: number, code: string) => Promise<ReceptionRow>;
  box: (user: AuthUser, id: number) => Promise<rows.BoxRow | undefined>;
  /** Runs `work` in one transaction: when it throws, nothing it wrote is kept. */
  transaction: <T>(work: (writes: InboundWrites) => Promise<T>) => Promise<T>;
  inboundFigures: (input: InputOf<typeof inboundFigures>) => ReturnType<typeof inboundFigures>;
  printDataRows: (input: InputOf<typeof rows.printDataRows>) => ReturnType<typeof rows.printDataRows>;
  returnOf: (input: InputOf<typeof rows.getReturn>) => ReturnType<typeof rows.getReturn>;
  returnLines: (returnId: number, page: { limit: number; offset: number }) => ReturnType<typeof rows.returnLines>;
};

const writesOf = (tx: DbOrTx): InboundWrites => ({
  lockOrder: (orderId) => rows.lockOrder(tx, orderId),
  codebarExists: (companyId, codebar) => rows.codebarExists(tx, companyId, codebar),
  itemTypesByGtin: (companyId, gtins) => rows.itemTypesByGtin(tx, companyId, gtins),
  insertBox: (values) => rows.insertBox(tx, values),
  insertContents: (contents) => rows.insertContents(tx, contents),
  recomputeSides: (orderId) => rows.recomputeOrderSides(tx, orderId, ['destination', 'origin']),
});

export const createInboundRepository = (db: Db): InboundRepository => ({
  location: (user, locationId) => requireLocation(db, user, locationId),
  companyTimeZone: (user) => companyTimeZone(db, user),
  requireOrder: orderLoader(createOrderPagesRepository(db)),
  order: (user, id) => rows.getOrder(db, user, id),
  insertOrder: (values) => rows.insertOrder(db, values),
  provider: (companyId, id) => rows.getProvider(db, companyId, id),
  providerStats: (user, providerId) => rows.providerStats(db, user, providerId),
  listOrders: (input) => rows.listOrders(db, input),
  listLocationOrders: (input) => rows.listLocationOrders(db, input),
  reception: (user, id) => rows.getReception(db, user, id),
  insertReception: (orderId, code) => rows.insertReception(db, orderId, code),
  box: (user, id) => rows.getBox(db, user, id),
  transaction: (work) => db.transaction((tx) => work(writesOf(tx))),
  inboundFigures: (input) => inboundFigures(db, input),
  printDataRows: (input) => rows.printDataRows(db, input),
  returnOf: (input) => rows.getReturn(db, input),
  returnLines: (returnId, page) => rows.returnLines(db, returnId, page),
});
