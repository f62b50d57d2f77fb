import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../plugins/auth.js';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { BoxHit, GtinHit, ItemHit, OrderHit, SearchRepository } from '../search.repository.js';
import { search } from './search.js';

/** urn:epc:id:sgtin:9506000.013435.1234 written as an SGTIN-96 (filter 1: urn:epc:tag:sgtin-96:1.9506000.013435.1234). */
const EPC = '30364433400D1EC0000004D2';
const GTIN = '09506000134352';

type StoredItem = ItemHit & { companyId: number; locationId: number; serial: string };
type StoredOrder = OrderHit & { companyId: number };

const order = (over: Partial<StoredOrder> & Pick<StoredOrder, 'id' | 'type' | 'code'>): StoredOrder => ({
  companyId: 1,
  originLocationId: null,
  destinationLocationId: null,
  origin: null,
  destination: null,
  provider: null,
  ...over,
});

/** Company 1: T-MAD-01 (2), T-BCN-01 (3), CD-MAD (4); company 2's order at its location 99. */
const ORDERS: StoredOrder[] = [
  order({
    id: 10,
    type: 'purchase',
    code: 'PO-2026-001',
    destinationLocationId: 2,
    destination: 'Tienda Madrid',
    provider: 'Textil SA',
  }),
  order({ id: 11, type: 'online', code: 'ON-2026-001', originLocationId: 3, origin: 'Tienda Barcelona' }),
  order({
    id: 12,
    type: 'movement',
    code: 'MV-2026-001',
    originLocationId: 4,
    origin: 'CD Madrid',
    destinationLocationId: 2,
    destination: 'Tienda Madrid',
  }),
  order({ id: 20, type: 'purchase', code: 'PO-2026-009', companyId: 2, destinationLocationId: 99, destination: 'Otra' }),
];

const fakeRepo = ({
  items = [{ epc: EPC, gtin: GTIN, serial: '1234', description: 'Camisa azul', companyId: 1, locationId: 2 }] as StoredItem[],
  products = [{ gtin: GTIN, description: 'Camisa azul', colour: 'Azul', size: 'M', companyId: 1 }] as (GtinHit & {
    companyId: number;
  })[],
  orders = ORDERS,
  boxes = [
    { id: 100, barcode: 'BOX-0001', orderId: 10 },
    { id: 101, barcode: 'BOX-0002', orderId: 12 },
  ],
} = {}) => {
  const seesLocation = (user: AuthUser, id: number | null) =>
    id !== null && (user.locationIds === null || user.locationIds.includes(id));
  const seesOrder = (user: AuthUser, o: StoredOrder) =>
    o.companyId === user.companyId && (seesLocation(user, o.originLocationId) || seesLocation(user, o.destinationLocationId));
  const seesItem = (user: AuthUser, i: StoredItem) => i.companyId === user.companyId && seesLocation(user, i.locationId);
  const hit = ({ epc, gtin, description }: StoredItem): ItemHit => ({ epc, gtin, description });
  const starts = (value: string, prefix: string) => value.toLowerCase().startsWith(prefix.toLowerCase());
  const exactFirst = <T>(rows: T[], value: (row: T) => string, prefix: string) =>
    [...rows].sort(
      (a, b) => Number(value(b).toLowerCase() === prefix.toLowerCase()) - Number(value(a).toLowerCase() === prefix.toLowerCase()),
    );
  const toHit = ({ companyId: _, ...rest }: StoredOrder): OrderHit => rest;
  const repo: SearchRepository = {
    itemsByEpc: async (user, epcs) => items.filter((i) => epcs.includes(i.epc) && seesItem(user, i)).map(hit),
    itemsByGtinSerial: async (user, gtin, serial) =>
      items.filter((i) => i.gtin === gtin && i.serial === serial && seesItem(user, i)).map(hit),
    productByGtin: async (user, gtin) => {
      const found = products.find((p) => p.gtin === gtin && p.companyId === user.companyId);
      return found && { gtin: found.gtin, description: found.description, colour: found.colour, size: found.size };
    },
    ordersByCodePrefix: async (user, prefix, limit) =>
      exactFirst(
        orders.filter((o) => starts(o.code, prefix) && seesOrder(user, o)),
        (o) => o.code,
        prefix,
      )
        .slice(0, limit)
        .map(toHit),
    boxesByBarcodePrefix: async (user, prefix, limit) =>
      boxes
        .flatMap((b): BoxHit[] => {
          const o = orders.find((x) => x.id === b.orderId);
          return o && seesOrder(user, o) && starts(b.barcode, prefix) ? [{ id: b.id, barcode: b.barcode, order: toHit(o) }] : [];
        })
        .slice(0, limit),
  };
  return repo;
};

const admin = testUser();
/** A location editor of T-BCN-01 only. */
const barcelona = testUser({ id: 3, role: 3, locationIds: [3], assignedLocationIds: [3] });
const routes = async (q: string, user = admin, location?: number) =>
  (await search(fakeRepo(), user, { q, ...(location === undefined ? {} : { location }) })).results.map((r) => [
    r.kind,
    r.route,
    r.is_exact,
  ]);

describe('search (use case)', () => {
  it('finds an item by its hex EPC, typed in any case, with spaces or a reader’s zero-word padding; then its product', async () => {
    const expected = [
      ['item', `/track-epc/${EPC}`, true],
      ['gtin', `/inventory/stocks/${GTIN}/gtin`, false],
    ];
    expect(await routes(EPC)).toEqual(expected);
    expect(await routes('3036 4433 400d 1ec0 0000 04d2')).toEqual(expected);
    expect(await routes(`${EPC}00000000`)).toEqual(expected);
  });

  it('finds the item of an EPC pure identity URI, a tag URI and a GS1 Digital Link (with serial)', async () => {
    expect((await routes('urn:epc:id:sgtin:9506000.013435.1234'))[0]).toEqual(['item', `/track-epc/${EPC}`, true]);
    expect((await routes('urn:epc:tag:sgtin-96:1.9506000.013435.1234'))[0]).toEqual(['item', `/track-epc/${EPC}`, true]);
    // A tag URI names its filter: another filter is another tag, not read yet (its product is offered).
    expect(await routes('urn:epc:tag:sgtin-96:3.9506000.013435.1234')).toEqual([
      ['gtin', `/inventory/stocks/${GTIN}/gtin`, false],
    ]);
    expect((await routes('https://id.gs1.org/01/09506000134352/21/1234'))[0]).toEqual(['item', `/track-epc/${EPC}`, true]);
    // A compressed Digital Link, made by GS1's toolkit (digital-link.js).
    const { Utils } = createRequire(import.meta.url)('digital-link.js') as { Utils: { compressWebUri(uri: string): string } };
    const compressed = Utils.compressWebUri('https://id.gs1.org/01/09506000134352/21/1234');
    expect(compressed).toMatch(/^https:\/\/id\.gs1\.org\/[A-Za-z0-9_-]+$/);
    expect((await routes(compressed))[0]).toEqual(['item', `/track-epc/${EPC}`, true]);
  });

  it('finds a product by its GTIN (8, 12, 13 or 14 digits with a correct check digit) or a Digital Link without serial', async () => {
    const product = [['gtin', `/inventory/stocks/${GTIN}/gtin`, true]];
    expect(await routes('9506000134352')).toEqual(product);
    expect(await routes(GTIN)).toEqual(product);
    expect(await routes('https://id.gs1.org/01/09506000134352')).toEqual(product);
    // A wrong check digit is no GTIN.
    expect(await routes('9506000134353')).toEqual([]);
  });

  it('finds orders by the start of their code, the exact one marked; another company’s is not found', async () => {
    expect(await routes('po-2026')).toEqual([['purchase_order', '/inbound/order/10/detail', false]]);
    expect(await routes('PO-2026-001')).toEqual([['purchase_order', '/inbound/order/10/detail', true]]);
    expect(await routes('ON-2026-001')).toEqual([['online_order', '/online/order/11/detail', true]]);
    expect(await routes('PO-2026-009')).toEqual([]);
  });

  it('opens a movement order on the header location’s side, else on the side the user sees', async () => {
    expect(await routes('MV-2026-001')).toEqual([['movement_order', '/movements/exit/order/12/detail', true]]);
    expect(await routes('MV-2026-001', admin, 2)).toEqual([['movement_order', '/movements/entry/order/12/detail', true]]);
    const madrid = testUser({ id: 4, role: 3, locationIds: [2], assignedLocationIds: [2] });
    expect(await routes('MV-2026-001', madrid)).toEqual([['movement_order', '/movements/entry/order/12/detail', true]]);
  });

  it('finds boxes by their barcode, opening them in their order', async () => {
    expect(await routes('BOX-0001')).toEqual([['box', '/inbound/order/10/box/100/detail', true]]);
    expect(await routes('box-000')).toEqual([
      ['box', '/inbound/order/10/box/100/detail', false],
      ['box', '/movements/exit/order/12/box/101/detail', false],
    ]);
  });

  it('shows a location editor only the orders, boxes and items of its locations', async () => {
    expect(await routes('PO-2026-001', barcelona)).toEqual([]);
    expect(await routes('BOX-000', barcelona)).toEqual([]);
    expect(await routes(EPC, barcelona)).toEqual([['gtin', `/inventory/stocks/${GTIN}/gtin`, false]]);
    expect(await routes('ON-2026', barcelona)).toEqual([['online_order', '/online/order/11/detail', false]]);
  });

  it('answers at most 8 matches, exact ones first', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      order({ id: 200 + i, type: 'purchase', code: `PO-9${String(i).padStart(2, '0')}`, destinationLocationId: 2 }),
    );
    const answer = await search(fakeRepo({ orders: many }), admin, { q: 'PO-9' });
    expect(answer.results).toHaveLength(8);
    const exact = await search(fakeRepo({ orders: many }), admin, { q: 'PO-911' });
    expect(exact.results.map((r) => [r.label, r.is_exact])).toEqual([['PO-911', true]]);
  });
});
