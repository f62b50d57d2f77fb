import type { providerListQuerySchema, receptionListQuerySchema, returnListQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { foundOr } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createInboundRepository, type InboundRepository } from './inbound.repository.js';
import { pageSideOf, toBoxDto, toItemLineDto, toOrderDto, toReceptionDto } from './order-dto.js';
import type { OrderLinesInput } from './order-pages/page-kind.js';
import { createOrderPagesRepository, type OrderPagesRepository } from './order-pages.repository.js';
import * as repo from './orders.repository.js';
import { createBox } from './use-cases/create-box.js';
import { createContents } from './use-cases/create-contents.js';
import { createPurchaseOrder } from './use-cases/create-purchase-order.js';
import { createReception } from './use-cases/create-reception.js';
import { type GetInboundStatsInput, getInboundStats } from './use-cases/get-inbound-stats.js';
import { type GetPrintDataInput, getPrintData } from './use-cases/get-print-data.js';
import { getProviderStats } from './use-cases/get-provider-stats.js';
import { type ListProviderOrdersInput, listProviderOrders } from './use-cases/list-provider-orders.js';
import { type ListPurchaseOrdersInput, listPurchaseOrders } from './use-cases/list-purchase-orders.js';
import { listReturnLines } from './use-cases/list-return-lines.js';
import { deleteUnverifiedBox, deleteUnverifiedOrder, orderPagesReads } from './use-cases/order-pages.js';
import { requireProvider } from './use-cases/require-provider.js';
import { requireReturn } from './use-cases/require-return.js';

export { BARCODE_EXISTS } from './use-cases/create-box.js';

type ReturnKind = 'provider' | 'sale';

/** The inbound use cases (use-cases/*.ts) over the inbound repository, with the arguments the routes give. */
const inboundUseCases = (inbound: InboundRepository) => ({
  createPurchaseOrder: (user: AuthUser, body: Parameters<typeof createPurchaseOrder>[1]['body']) =>
    createPurchaseOrder(inbound, { user, body }),
  list: (user: AuthUser, locationId: number, query: ListPurchaseOrdersInput['query'], page: PageParams) =>
    listPurchaseOrders(inbound, { user, locationId, query, page }),
  createReception: (user: AuthUser, body: Parameters<typeof createReception>[1]['body']) =>
    createReception(inbound, { user, body }),
  /** Creates a box, and its contents when given, in one transaction. 409 'Barcode already exists'. */
  createBox: (user: AuthUser, body: Parameters<typeof createBox>[1]['body']) => createBox(inbound, { user, body }),
  createContents: (user: AuthUser, rows: Parameters<typeof createContents>[1]['rows']) => createContents(inbound, { user, rows }),
  getProvider: (user: AuthUser, id: number) => requireProvider(inbound, user, id),
  providerStats: (user: AuthUser, id: number) => getProviderStats(inbound, { user, id }),
  providerOrders: (user: AuthUser, id: number, query: ListProviderOrdersInput['query'], page: PageParams) =>
    listProviderOrders(inbound, { user, id, query, page }),
  inboundStats: (user: AuthUser, locationId: number, range: GetInboundStatsInput['range']) =>
    getInboundStats(inbound, { user, locationId, range, now: new Date() }),
  printData: (user: AuthUser, query: GetPrintDataInput['query']) => getPrintData(inbound, { user, query }),
  getReturn: (user: AuthUser, kind: ReturnKind, id: number) => requireReturn(inbound, { user, kind, id }),
  returnLines: (user: AuthUser, kind: ReturnKind, id: number, page: PageParams) =>
    listReturnLines(inbound, { user, kind, id, page }),
});

/** The inbound reads and deletes that are one repository call and a mapping. */
const inboundReads = (db: Db, inbound: InboundRepository, orderPages: OrderPagesRepository) => {
  /** The box the user may see, or 404. */
  const requireBox = async (user: AuthUser, id: number) => {
    return foundOr(inbound.box(user, id), 'orders.box_not_found');
  };
  return {
    requireBox,
    async setSync(user: AuthUser, id: number, sync: boolean) {
      await inbound.requireOrder(user, id);
      await repo.updateOrderSync(db, id, sync);
      return toOrderDto(await inbound.requireOrder(user, id));
    },
    async remove(user: AuthUser, id: number) {
      await inbound.requireOrder(user, id);
      await deleteUnverifiedOrder(orderPages, id);
    },
    async listReceptions(user: AuthUser, query: z.output<typeof receptionListQuerySchema>, page: PageParams) {
      const { count, rows } = await repo.listReceptions(db, user, query, page);
      return { count, results: rows.map(toReceptionDto) };
    },
    async getReception(user: AuthUser, id: number) {
      const row = await foundOr(inbound.reception(user, id), 'orders.reception_not_found');
      return toReceptionDto(row);
    },
    async deleteBox(user: AuthUser, id: number) {
      const { orderId } = await requireBox(user, id);
      await deleteUnverifiedBox(orderPages, { user, orderId, boxId: id });
    },
    getBox: async (user: AuthUser, id: number) => toBoxDto(await requireBox(user, id)),
    async boxesByCodebar(user: AuthUser, codebar: string, page: PageParams) {
      const { count, rows } = await repo.findBoxesByCodebar(db, user, codebar, page);
      return { count, results: rows.map((r) => toBoxDto(r)) };
    },
    async listProviders(user: AuthUser, query: z.output<typeof providerListQuerySchema>, page: PageParams) {
      const { count, rows } = await repo.listProviders(db, user.companyId, query, page);
      return { count, results: rows };
    },
    async listReturns(
      user: AuthUser,
      kind: ReturnKind,
      locationId: number,
      query: z.output<typeof returnListQuerySchema>,
      page: PageParams,
    ) {
      const { timeZone } = await inbound.location(user, locationId);
      return repo.listReturns(db, { kind, locationId, query, page, timeZone });
    },
    async orderCsv(user: AuthUser, id: number) {
      const order = await inbound.requireOrder(user, id);
      return { order, chunks: repo.orderCsvChunks(db, id) };
    },
  };
};

/** Inbound: purchase orders (the /porders/ pages show any order the user sees), receptions, boxes, providers, returns. */
export const createOrdersService = (db: Db) => {
  const inbound = createInboundRepository(db);
  const orderPages = createOrderPagesRepository(db);
  const reads = inboundReads(db, inbound, orderPages);
  const pages = orderPagesReads(orderPages, {
    requireOrder: inbound.requireOrder,
    sideOf: (order) => pageSideOf(order.type),
    toOrder: (order, _side, now) => toOrderDto(order, now),
    toBox: (box, side, now) => toBoxDto(box, now, side),
    toLine: toItemLineDto,
  });
  return {
    ...pages,
    ...reads,
    ...inboundUseCases(inbound),
    requireOrder: inbound.requireOrder,
    /** GET /rboxes/{id}/report/: the lines of a box found by its id alone. */
    async boxIdLines(user: AuthUser, id: number, query: OrderLinesInput['query'], page: PageParams) {
      const { orderId } = await reads.requireBox(user, id);
      return pages.boxLines({ user, id: orderId, boxId: id, query, page });
    },
  };
};
export type OrdersService = ReturnType<typeof createOrdersService>;
