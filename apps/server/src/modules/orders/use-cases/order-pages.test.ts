import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { itemTypeRow } from '../../catalog/use-cases/catalog-fixtures.js';
import type { OrderPagesRepository, OrderPagesWrites } from '../order-pages.repository.js';
import type { ItemLineRow, OrderSide } from '../orders.repository.js';
import { boxRow } from './inbound-repo-fixtures.js';
import { deleteUnverifiedBox, deleteUnverifiedOrder, orderPagesReads } from './order-pages.js';

/** An item line of GTIN `gtin`: 3 expected, 2 read at the destination, 1 at the origin. */
const lineRow = (gtin: string): ItemLineRow => ({
  gtin,
  itemTypeId: 13,
  expected: 3,
  destinationReal: 2,
  originReal: 1,
  total: 2,
  description: 'Camisa',
  section: '',
  clothType: '',
  model: '',
  colour: '',
  reference: '',
  sizes: [],
});

type Order = { id: number; side: OrderSide };

/** The reads of order 10 (box 30 is its, box 31 another order's), recording what the repository was asked. */
const fakeReads = () => {
  const asked: unknown[] = [];
  const repo: Pick<OrderPagesRepository, 'itemLines' | 'allItemLines' | 'orderBoxes' | 'box' | 'itemType'> = {
    itemLines: async (input) => {
      asked.push(input);
      const rows = input.itemTypeId === 99 ? [] : [lineRow('08437000000013'), lineRow('08437000000020')];
      return { count: 7, rows };
    },
    allItemLines: async () => [lineRow('08437000000013')],
    orderBoxes: async (input) => {
      asked.push(input);
      return { count: 1, rows: [boxRow(30)] };
    },
    box: async (_user, boxId) => (boxId === 30 ? boxRow(30) : boxId === 31 ? { ...boxRow(31), orderId: 11 } : undefined),
    itemType: async (companyId, id) => (companyId === 1 && id === 13 ? itemTypeRow({ id: 13 }) : undefined),
  };
  // The view of a movement-like kind: `side` picks the origin (exit) or the destination (entry).
  const reads = orderPagesReads(repo, {
    requireOrder: async (_user, id): Promise<Order> => {
      if (id !== 10) throw new Error(`order ${id} not expected`);
      return { id, side: 'destination' };
    },
    sideOf: (order, side) => (side === 'exit' ? 'origin' : order.side),
    toOrder: (order, side) => ({ id: order.id, side: side ?? null }),
    toBox: (box, side) => ({ id: box.id, side }),
    toLine: (line, index, side) => ({ gtin: line.gtin, index, real: side === 'origin' ? line.originReal : line.destinationReal }),
  });
  return { reads, asked };
};

describe('order pages (use cases)', () => {
  it("numbers a page's lines from its offset, reads them on the page's side, filtered by either GTIN key", async () => {
    const { reads, asked } = fakeReads();
    const page = { limit: 2, offset: 40 };
    const user = testUser();
    expect(await reads.lines({ user, id: 10, side: 'exit', query: { item_type__gtin__contains: '0843' }, page })).toEqual({
      count: 7,
      results: [
        { gtin: '08437000000013', index: 40, real: 1 },
        { gtin: '08437000000020', index: 41, real: 1 },
      ],
    });
    const entry = await reads.lines({ user, id: 10, query: { gtin__contains: '8437' }, page });
    expect(entry.results[0]).toMatchObject({ real: 2 });
    await reads.lines({ user, id: 10, query: {}, page });
    expect(asked).toEqual([
      { orderId: 10, gtinContains: '0843', page },
      { orderId: 10, gtinContains: '8437', page },
      { orderId: 10, gtinContains: undefined, page },
    ]);
  });

  it("lists the boxes on the page's side with the barcode filter (either key) and ordering asked", async () => {
    const { reads, asked } = fakeReads();
    const page = { limit: 40, offset: 0 };
    const user = testUser();
    const query = { box__codebar__contains: 'B-', order_by: '-codebar' };
    expect(await reads.boxes({ user, id: 10, side: 'exit', query, page })).toEqual({
      count: 1,
      results: [{ id: 30, side: 'origin' }],
    });
    expect((await reads.boxes({ user, id: 10, query: { codebar: 'B-1' }, page })).results).toEqual([
      { id: 30, side: 'destination' },
    ]);
    expect(asked).toEqual([
      { orderId: 10, codebarContains: 'B-', orderBy: '-codebar', page, side: 'origin' },
      { orderId: 10, codebarContains: 'B-1', orderBy: undefined, page, side: 'destination' },
    ]);
  });

  it("reads a box of the order and its lines; another order's box or none is a 404", async () => {
    const { reads, asked } = fakeReads();
    expect(await reads.box(testUser(), 10, 30, 'entry')).toEqual({ id: 30, side: 'destination' });
    const page = { limit: 1, offset: 0 };
    const query = { item_type__gtin__contains: 'x' };
    expect((await reads.boxLines({ user: testUser(), id: 10, boxId: 30, query, page })).count).toBe(7);
    expect(asked).toEqual([{ orderId: 10, boxId: 30, gtinContains: 'x', page }]);
    await expectStatus(reads.box(testUser(), 10, 31), 404);
    await expectStatus(reads.boxLines({ user: testUser(), id: 10, boxId: 32, query: {}, page }), 404);
  });

  it("shows a GTIN of the order: the company's item type and its line; unknown or not in the order is a 404", async () => {
    const { reads } = fakeReads();
    expect(await reads.itemType(testUser(), 10, 13)).toEqual({
      order: { id: 10, side: null },
      itemType: itemTypeRow({ id: 13 }),
      line: { gtin: '08437000000013', index: 0, real: 2 },
    });
    await expectStatus(reads.itemType(testUser({ companyId: 2 }), 10, 13), 404);
    await expectStatus(reads.itemType(testUser(), 10, 14), 404);
  });

  it('gives the items file every line, numbered from 0', async () => {
    const { reads } = fakeReads();
    expect(await reads.itemsCsv(testUser(), 10, 'exit')).toEqual({
      order: { id: 10 },
      lines: [{ gtin: '08437000000013', index: 0, real: 1 }],
    });
  });
});

/** A transaction over order 10 (box 30 its own, read at the origin when `verified`), recording its writes. */
const fakeDeletes = ({ verified }: { verified: boolean }) => {
  const writes: string[] = [];
  const tx: OrderPagesWrites = {
    lockOrder: async (orderId) => {
      writes.push(`lock ${orderId}`);
    },
    orderHasVerifiedBox: async () => verified,
    deleteOrder: async (orderId) => {
      writes.push(`delete order ${orderId}`);
    },
    box: async (_user, boxId) => (boxId === 30 ? { ...boxRow(30), originVerificationCount: verified ? 1 : 0 } : undefined),
    deleteBox: async (boxId) => {
      writes.push(`delete box ${boxId}`);
    },
    recomputeSides: async (orderId) => {
      writes.push(`recompute ${orderId}`);
    },
  };
  const repo: Pick<OrderPagesRepository, 'transaction'> = { transaction: (work) => work(tx) };
  return { repo, writes };
};

describe('order pages deletes (use cases)', () => {
  it('deletes an order with no verified box under its lock; a verified one is a 409 and stays', async () => {
    const open = fakeDeletes({ verified: false });
    await deleteUnverifiedOrder(open.repo, 10);
    expect(open.writes).toEqual(['lock 10', 'delete order 10']);
    const read = fakeDeletes({ verified: true });
    await expectStatus(deleteUnverifiedOrder(read.repo, 10), 409);
    expect(read.writes).toEqual(['lock 10']);
  });

  it("deletes an unverified box and recomputes its order's sides; a verified box is a 409, another order's a 404", async () => {
    const open = fakeDeletes({ verified: false });
    await deleteUnverifiedBox(open.repo, { user: testUser(), orderId: 10, boxId: 30 });
    expect(open.writes).toEqual(['lock 10', 'delete box 30', 'recompute 10']);
    const read = fakeDeletes({ verified: true });
    await expectStatus(deleteUnverifiedBox(read.repo, { user: testUser(), orderId: 10, boxId: 30 }), 409);
    await expectStatus(deleteUnverifiedBox(read.repo, { user: testUser(), orderId: 11, boxId: 30 }), 404);
    expect(read.writes).toEqual(['lock 10', 'lock 11']);
  });
});
