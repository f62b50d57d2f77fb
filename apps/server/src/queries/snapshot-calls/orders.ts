import type { Db } from '../../db/client.js';
import * as boxesRepository from '../../modules/orders/boxes.repository.js';
import * as linesRepository from '../../modules/orders/lines.repository.js';
import { createOrderPagesRepository } from '../../modules/orders/order-pages.repository.js';
import * as orderStatusRepository from '../../modules/orders/order-status.repository.js';
import { createOrderWithBoxesRepository } from '../../modules/orders/order-with-boxes.repository.js';
import * as ordersRepository from '../../modules/orders/orders.repository.js';
import * as providersRepository from '../../modules/orders/providers.repository.js';
import * as returnsRepository from '../../modules/orders/returns.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const orderWithBoxesCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'orders.order-with-boxes',
    'modules/orders/order-with-boxes.repository.ts',
    createOrderWithBoxesRepository(db),
    {
      isLocationVisible: [user, 1],
      hasProvider: [1, 1],
      itemTypeIds: [1, ['gtin']],
      findByKey: [1, 'clientKey'],
      transaction: [async () => undefined],
    },
  );

export const orderPagesCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('orders.order-pages', 'modules/orders/order-pages.repository.ts', createOrderPagesRepository(db), {
    order: [user, 1, 'online'],
    itemLines: [{ orderId: 1, boxId: 1, gtinContains: 'gtin', page: { limit: 1, offset: 1 } }],
    allItemLines: [1],
    orderBoxes: [{ orderId: 1, codebarContains: 'codebar', page: { limit: 1, offset: 1 }, side: 'origin' }],
    box: [user, 1],
    itemType: [1, 1],
    transaction: (repo) =>
      repo.transaction(async (writes) => {
        await writes.lockOrder(1);
        await writes.orderHasVerifiedBox(1);
        await writes.box(user, 1);
        await writes.deleteBox(1);
        await writes.recomputeSides(1);
        await writes.deleteOrder(1);
      }),
  });

export const boxesCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'orders.boxes',
    'modules/orders/boxes.repository.ts',
    {
      insertReception: boxesRepository.insertReception,
      getReception: boxesRepository.getReception,
      listReceptions: boxesRepository.listReceptions,
      codebarExists: boxesRepository.codebarExists,
      insertBox: boxesRepository.insertBox,
      itemTypesByGtin: boxesRepository.itemTypesByGtin,
      insertContents: boxesRepository.insertContents,
      deleteBox: boxesRepository.deleteBox,
      getBox: boxesRepository.getBox,
      findBoxesByCodebar: boxesRepository.findBoxesByCodebar,
      listOrderBoxes: boxesRepository.listOrderBoxes,
    },
    {
      insertReception: [db, 1, 'receptionCode'],
      getReception: [db, user, 1],
      listReceptions: [db, user, {}, { limit: 1, offset: 1 }],
      codebarExists: [db, 1, 'codebar'],
      insertBox: [db, { codebar: 'codebar', companyId: 1, orderId: 1 }],
      itemTypesByGtin: [db, 1, ['gtin']],
      insertContents: [db, [{ boxId: 1, itemTypeId: 1, quantity: 1 }]],
      deleteBox: [db, 1],
      getBox: [db, user, 1],
      findBoxesByCodebar: [db, user, 'codebar', { limit: 1, offset: 1 }],
      listOrderBoxes: [db, { orderId: 1, page: { limit: 1, offset: 1 } }],
    },
  );

export const linesCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'orders.lines',
    'modules/orders/lines.repository.ts',
    {
      orderCsvChunks: linesRepository.orderCsvChunks,
      itemLines: linesRepository.itemLines,
      allItemLines: linesRepository.allItemLines,
      getItemType: linesRepository.getItemType,
      orderEpcRows: linesRepository.orderEpcRows,
      printDataRows: linesRepository.printDataRows,
    },
    {
      orderCsvChunks: [db, 1],
      itemLines: [db, { orderId: 1, page: { limit: 1, offset: 1 } }],
      allItemLines: [db, 1],
      getItemType: [db, 1, 1],
      orderEpcRows: [db, 1],
      printDataRows: [
        db,
        {
          locationId: 1,
          from: new Date('2026-01-01T00:00:00.000Z'),
          to: { at: new Date('2026-01-01T00:00:00.000Z'), inclusive: true },
        },
      ],
    },
  );

export const orderStatusCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'orders.order-status',
    'modules/orders/order-status.repository.ts',
    {
      lockOrder: orderStatusRepository.lockOrder,
      recomputeOrderSide: orderStatusRepository.recomputeOrderSide,
      recomputeOrderSides: orderStatusRepository.recomputeOrderSides,
    },
    {
      lockOrder: [db, 1],
      recomputeOrderSide: [db, { orderId: 1, side: 'origin', withDate: true }],
      recomputeOrderSides: [db, 1, ['origin']],
    },
  );

export const ordersCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'orders.orders',
    'modules/orders/orders.repository.ts',
    {
      listLocationOrders: ordersRepository.listLocationOrders,
      listOrders: ordersRepository.listOrders,
      getOrder: ordersRepository.getOrder,
      insertOrder: ordersRepository.insertOrder,
      updateOrderSync: ordersRepository.updateOrderSync,
      orderHasVerifiedBox: ordersRepository.orderHasVerifiedBox,
      deleteOrder: ordersRepository.deleteOrder,
    },
    {
      listLocationOrders: [
        db,
        {
          type: 'purchase',
          companyId: 1,
          locationId: 1,
          query: {},
          page: { limit: 1, offset: 1 },
          side: 'origin',
          timeZone: 'Europe/Madrid',
        },
      ],
      // A provider's orders, filtered and ordered (the location's unfiltered list is listLocationOrders).
      listOrders: [
        db,
        {
          type: 'purchase',
          scope: {
            user: {
              id: 1,
              companyId: 1,
              role: 1,
              editor: true,
              email: 'e',
              locationIds: [1],
              assignedLocationIds: [1],
              tokenHash: 't',
            },
            providerId: 1,
            pending: true,
          },
          query: {
            order_code__icontains: 'A',
            arrival_date__gte: '2026-01-01',
            origin__name__icontains: 'B',
            report_type: 'pending',
            order_by: '-arrival_date',
          },
          page: { limit: 1, offset: 1 },
          side: 'destination',
          timeZone: 'Europe/Madrid',
        },
      ],
      getOrder: [db, user, 1],
      insertOrder: [db, { companyId: 1, type: 'purchase', orderCode: 'orderCode' }],
      updateOrderSync: [db, 1, true],
      orderHasVerifiedBox: [db, 1],
      deleteOrder: [db, 1],
    },
  );

export const providersCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'orders.providers',
    'modules/orders/providers.repository.ts',
    {
      getProvider: providersRepository.getProvider,
      listProviders: providersRepository.listProviders,
      providerStats: providersRepository.providerStats,
    },
    {
      getProvider: [db, 1, 1],
      listProviders: [db, 1, {}, { limit: 1, offset: 1 }],
      providerStats: [db, user, 1],
    },
  );

export const returnsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'orders.returns',
    'modules/orders/returns.repository.ts',
    {
      listReturns: returnsRepository.listReturns,
      getReturn: returnsRepository.getReturn,
      returnLines: returnsRepository.returnLines,
      insertReturn: returnsRepository.insertReturn,
      findOrderForReturn: returnsRepository.findOrderForReturn,
    },
    {
      listReturns: [db, { kind: 'provider', locationId: 1, query: {}, page: { limit: 1, offset: 1 }, timeZone: 'Europe/Madrid' }],
      getReturn: [db, { id: 1, kind: 'provider', companyId: 1 }],
      returnLines: [db, 1, { limit: 1, offset: 1 }],
      insertReturn: [
        db,
        { code: 'code', companyId: 1, kind: 'provider', locationId: 1 },
        [{ itemId: 1, epc: 'epc', itemTypeId: 1 }],
      ],
      findOrderForReturn: [db, { companyId: 1, code: 'code', type: 'purchase', locationId: 1 }],
    },
  );
