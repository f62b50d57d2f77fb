import { orderWithBoxesCreateBodySchema } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { NewWizardOrder, OrderWithBoxesRepository, StoredOrderWithBoxes } from '../order-with-boxes.repository.js';
import { createOrderWithBoxes } from './create-order-with-boxes.js';

type Store = {
  orders: (NewWizardOrder & { id: number })[];
  boxes: { id: number; orderId: number; codebar: string }[];
  contents: unknown[];
};

/** An in-memory repository: locations 2 and 3 of company 1, provider 7, GTINs 8437000000017 and 8437000000024. */
const fakeRepo = ({ takenBarcodes = [] as string[] } = {}) => {
  let store: Store = { orders: [], boxes: [], contents: [] };
  let nextId = 100;
  const repo: OrderWithBoxesRepository = {
    isLocationVisible: async (user, id) => [2, 3].includes(id) && (user.locationIds === null || user.locationIds.includes(id)),
    hasProvider: async (companyId, id) => companyId === 1 && id === 7,
    itemTypeIds: async (_companyId, gtins) =>
      new Map(gtins.filter((g) => ['8437000000017', '8437000000024'].includes(g)).map((g) => [g, Number(g.slice(-2))])),
    findByKey: async (companyId, key) => {
      const order = store.orders.find((o) => o.companyId === companyId && o.clientKey === key);
      if (!order) return null;
      const stored: StoredOrderWithBoxes = {
        id: order.id,
        type: order.type,
        orderCode: order.orderCode,
        receptionId: order.id + 1,
        boxes: store.boxes.filter((b) => b.orderId === order.id).map(({ id, codebar }) => ({ id, codebar })),
      };
      return stored;
    },
    transaction: async (work) => {
      // A copy is written; it replaces the store only when the work ends well (a rollback otherwise).
      const draft: Store = { orders: [...store.orders], boxes: [...store.boxes], contents: [...store.contents] };
      const answer = await work({
        insertOrder: async (values) => {
          if (values.clientKey && draft.orders.some((o) => o.clientKey === values.clientKey)) return null;
          nextId += 10;
          draft.orders.push({ ...values, id: nextId });
          return nextId;
        },
        insertReception: async (orderId) => orderId + 1,
        isBarcodeTaken: async (_companyId, codebar) =>
          takenBarcodes.includes(codebar) || draft.boxes.some((b) => b.codebar === codebar),
        insertBox: async ({ orderId, codebar }) => {
          nextId += 1;
          draft.boxes.push({ id: nextId, orderId, codebar });
          return nextId;
        },
        insertContents: async (rows) => {
          draft.contents.push(...rows);
        },
        recomputeSides: async () => {},
      });
      store = draft;
      return answer;
    },
  };
  return { repo, store: () => store };
};

const box = (codebar: string, gtin = '8437000000017', quantity = 2) => ({ codebar, contents: [{ gtin, quantity }] });
const purchase = (over: Record<string, unknown> = {}, boxes = [box('B-1'), box('B-2', '8437000000024', 3)]) =>
  orderWithBoxesCreateBodySchema.parse({
    kind: 'purchase',
    order: { order_code: 'PO-1', destination_id: 2, origin_id: 7, ...over },
    boxes,
  });

describe('create an order with its boxes (use case)', () => {
  it('writes the order, its reception and every box with its contents at once', async () => {
    const { repo, store } = fakeRepo();
    const answer = await createOrderWithBoxes(repo, testUser(), purchase(), 'key-00000001');
    expect(answer).toMatchObject({ kind: 'purchase', order_code: 'PO-1', boxes: [{ codebar: 'B-1' }, { codebar: 'B-2' }] });
    expect(store().orders).toHaveLength(1);
    expect(store().orders[0]).toMatchObject({
      type: 'purchase',
      providerId: 7,
      destinationLocationId: 2,
      clientKey: 'key-00000001',
    });
    expect(store().contents).toEqual([
      { boxId: answer.boxes[0]?.id, itemTypeId: 17, quantity: 2 },
      { boxId: answer.boxes[1]?.id, itemTypeId: 24, quantity: 3 },
    ]);
  });

  it('the same key again answers the first order and creates nothing more (a double click or a retry)', async () => {
    const { repo, store } = fakeRepo();
    const first = await createOrderWithBoxes(repo, testUser(), purchase(), 'key-00000001');
    const second = await createOrderWithBoxes(repo, testUser(), purchase(), 'key-00000001');
    expect(second).toEqual(first);
    expect(store().orders).toHaveLength(1);
    expect(store().boxes).toHaveLength(2);
  });

  it('a key that created another order is a 409', async () => {
    const { repo } = fakeRepo();
    await createOrderWithBoxes(repo, testUser(), purchase(), 'key-00000001');
    await expectStatus(
      createOrderWithBoxes(repo, testUser(), purchase({ order_code: 'PO-2' }, [box('B-9')]), 'key-00000001'),
      409,
    );
  });

  it('a barcode taken halfway undoes the order and the boxes before it (409 naming the box)', async () => {
    const { repo, store } = fakeRepo({ takenBarcodes: ['B-2'] });
    const error = await createOrderWithBoxes(repo, testUser(), purchase(), 'key-00000001').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
    expect(Object.keys((error as AppError).errors ?? {})).toEqual(['boxes.1.codebar']);
    expect(store()).toEqual({ orders: [], boxes: [], contents: [] });
  });

  it('an unknown GTIN is a 400 on its line and nothing is written', async () => {
    const { repo, store } = fakeRepo();
    const error = await createOrderWithBoxes(
      repo,
      testUser(),
      purchase({}, [box('B-1'), box('B-2', '8437000000031')]),
      null,
    ).catch((e: unknown) => e);
    expect((error as AppError).status).toBe(400);
    expect(Object.keys((error as AppError).errors ?? {})).toEqual(['boxes.1.contents.0.gtin']);
    expect(store().orders).toEqual([]);
  });

  it("refuses a location outside the user's scope, an unknown provider and a movement to its own origin", async () => {
    const { repo, store } = fakeRepo();
    await expectStatus(createOrderWithBoxes(repo, testUser({ role: 3, locationIds: [3] }), purchase(), null), 400);
    await expectStatus(createOrderWithBoxes(repo, testUser(), purchase({ destination_id: 99 }), null), 400);
    await expectStatus(createOrderWithBoxes(repo, testUser(), purchase({ origin_id: 8 }), null), 400);
    const movement = orderWithBoxesCreateBodySchema.parse({
      kind: 'movement',
      order: { order_code: 'MO-1', origin_id: 2, destination_id: 2 },
      boxes: [box('B-1')],
    });
    await expectStatus(createOrderWithBoxes(repo, testUser(), movement, null), 400);
    expect(store().orders).toEqual([]);
  });

  it('an online order leaves from the origin', async () => {
    const { repo, store } = fakeRepo();
    const online = orderWithBoxesCreateBodySchema.parse({
      kind: 'online',
      order: { order_code: 'ON-1', origin_id: 3 },
      boxes: [box('B-1')],
    });
    const answer = await createOrderWithBoxes(repo, testUser(), online, null);
    expect(answer.kind).toBe('online');
    expect(store().orders[0]).toMatchObject({ type: 'online', originLocationId: 3, clientKey: null });
  });

  it('the contract refuses an order without boxes, a box without GTINs and a barcode twice', () => {
    const parse = (boxes: unknown[]) =>
      orderWithBoxesCreateBodySchema.safeParse({ kind: 'online', order: { order_code: 'ON-1', origin_id: 3 }, boxes });
    expect(parse([]).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['boxes', 'Add at least one box.']]);
    expect(parse([{ codebar: 'B-1', contents: [] }]).error?.issues.map((i) => i.path.join('.'))).toEqual(['boxes.0.contents']);
    expect(parse([box('B-1'), box('B-1')]).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['boxes.1.codebar', 'Barcode repeated in this order.'],
    ]);
  });
});
