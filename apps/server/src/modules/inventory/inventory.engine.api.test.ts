import { InventoryState, ItemState } from '@rfid/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inventories, inventoryExpectedItems, readingSets, traces } from '../../db/schema/index.js';
import { demoReaders } from '../../test/demo-readers.js';
import { demoWorld } from '../../test/demo-world.js';
import { addReader, postSet } from '../movements/outbound-fixtures.js';
import { addArea, companyStock, freshEpcs, itemOf, itemsByEpc } from './inventory.fixtures.js';

/**
 * The inventory engine end to end through POST /api/readingsets/ (working modes 2 Handheld and
 * 7 Cabinet) and the validation and cancel of PUT /api/inventorys/{id}/ (docs/design/inventory.md).
 */
describe('inventory engine', () => {
  const demo = demoWorld();
  let center: number;
  let store: number;
  let g0: string;
  let g1: string;
  let g2: string;

  beforeAll(async () => {
    center = demo.locationId('CD-MAD');
    store = demo.locationId('T-MAD-01');
    [g0, g1, g2] = demo.ids.gtins.map((g) => g.gtin) as [string, string, string];
  });

  const db = () => demo.t.database.db;
  const stockIn = companyStock(() => ({ db: demo.t.database.db, companyId: demo.ids.companyId }));
  const get = (url: string, auth = demo.admin) => demo.t.app.inject({ url, headers: { authorization: auth } });
  const put = (url: string, payload: unknown, auth = demo.admin) => demo.t.call('PUT', url, auth, payload);

  /** A fresh area of `locationId` with a reader of `mode` in it. */
  const areaWithReader = async (name: string, locationId: number, mode: number, mac: string) => {
    const areaId = await addArea(db(), { locationId, description: name });
    const key = await addReader(db(), {
      companyId: demo.ids.companyId,
      serialNumber: name,
      mac,
      locationId,
      areaId,
      workingMode: mode,
    });
    return { areaId, reader: { device: name, key } };
  };

  const inventoryOfSet = async (setId: string) => {
    const [row] = await db()
      .select({ id: inventories.id })
      .from(inventories)
      .innerJoin(readingSets, eq(readingSets.areaId, inventories.areaId))
      .where(eq(readingSets.id, setId))
      .orderBy(inventories.id);
    return row?.id ?? 0;
  };

  describe('handheld', () => {
    let areaId: number;
    let otherArea: number;
    let reader: { device: string; key: string };
    let stock: Record<string, string[]>;
    let elsewhere: string[];
    let stray: string;
    let inventoryId: number;
    let soldLater: string;

    beforeAll(async () => {
      ({ areaId, reader } = await areaWithReader('HH-INV-A', center, 2, '02:00:00:00:07:01'));
      otherArea = await addArea(db(), { locationId: center, description: 'INV-other' });
      stock = await stockIn(center, areaId, [g0, 6], [g1, 4]);
      const other = await stockIn(center, otherArea, [g0, 3]);
      elsewhere = other[g0] as string[];
      [stray] = freshEpcs(g2, 1) as [string];
    });

    it('a first set opens a total inventory of the area with the expected stock taken then', async () => {
      const s0 = stock[g0] as string[];
      const s1 = stock[g1] as string[];
      const epcs = [...s0.slice(0, 3), ...s1.slice(0, 2), elsewhere[0] as string, stray, 'E28011606000020A1B2C3D4E'];
      const first = await postSet(demo.t, { ...reader, epcs, at: '2026-11-10T10:00:05Z' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().claimed_by).toBe('inventory');
      inventoryId = await inventoryOfSet(first.json().id);
      const inv = (await get(`/api/inventorys/${inventoryId}/`)).json();
      expect(inv).toMatchObject({
        state: InventoryState.Pending,
        is_partial: false,
        location: center,
        location_area: areaId,
        theorical_stock: 10,
        items: 7, // the EPC that is not GS1 is not an article
        matched_items: 5,
        missing_items: 5,
        excess_items: 2,
        progress: 50,
        start_time: '2026-11-10T10:00:00.000Z',
        end_time: '2026-11-10T10:00:05.000Z',
        device: { serial_number: 'HH-INV-A', working_mode: 2 },
        valid: false,
        canceled: false,
      });
      expect(inv.accuracy).toBe(41.67); // 5 / (10 + 2)
      // The snapshot is exactly the area's STOCKED items, not those of the other area.
      const expected = await db()
        .select({ itemId: inventoryExpectedItems.itemId })
        .from(inventoryExpectedItems)
        .where(eq(inventoryExpectedItems.inventoryId, inventoryId));
      const stocked = await itemsByEpc(db(), [...s0, ...s1]);
      expect(expected.map((e) => e.itemId).sort()).toEqual([...stocked.values()].map((i) => i.id).sort());
      // Nothing moved yet: the stray tag is UNKNOWN, the other area's item still there.
      expect((await itemOf(db(), stray)).state).toBe(ItemState.Unknown);
      expect((await itemOf(db(), elsewhere[0] as string)).areaId).toBe(otherArea);
    });

    it('a second set of the area adds to the same inventory (an EPC read twice counts once)', async () => {
      const s0 = stock[g0] as string[];
      const epcs = [s0[0] as string, s0[3] as string, (stock[g1] as string[])[2] as string, elsewhere[1] as string];
      const second = await postSet(demo.t, { ...reader, epcs, at: '2026-11-10T10:10:05Z' });
      expect(second.json().claimed_by).toBe('inventory');
      const open = await db().select().from(inventories).where(eq(inventories.areaId, areaId));
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ id: inventoryId, readCount: 10, matchedCount: 7, expectedCount: 10 });
      expect(open[0]?.endTime?.toISOString()).toBe('2026-11-10T10:10:05.000Z');
      soldLater = elsewhere[1] as string;
    });

    it('per GTIN: the summary, the missing and the excess GTINs; read and lost EPCs', async () => {
      const summary = (await get(`/api/inventorys/${inventoryId}/summary/?order_by=item_type`)).json();
      expect(summary.count).toBe(3);
      const line = (gtin: string) => summary.results.find((r: { gtin: string }) => r.gtin === gtin);
      expect(line(g0)).toMatchObject({ theorical_quantity: 6, quantity: 6, matched: 4, missing: 2, excess: 2 });
      expect(line(g1)).toMatchObject({ theorical_quantity: 4, quantity: 3, matched: 3, missing: 1, excess: 0 });
      expect(line(g2)).toMatchObject({ theorical_quantity: 0, quantity: 1, matched: 0, missing: 0, excess: 1 });
      const remaining = (await get(`/api/inventorys/${inventoryId}/remaining_summary/`)).json();
      expect(remaining.results.map((r: { gtin: string }) => r.gtin).sort()).toEqual([g0, g1].sort());
      const surplus = (await get(`/api/inventorys/${inventoryId}/surplus_summary/`)).json();
      expect(surplus.results.map((r: { gtin: string }) => r.gtin).sort()).toEqual([g0, g2].sort());

      const read = (await get(`/api/inventorys/${inventoryId}/items/?order_by=itemType&limit=100`)).json();
      expect(read.count).toBe(10);
      expect(read.results.every((r: { quantity: number }) => r.quantity === 1)).toBe(true);
      expect(read.results.find((r: { epc: string }) => r.epc === stray)).toMatchObject({ status: 'excess', gtin: g2 });
      expect(read.results.filter((r: { status: string }) => r.status === 'matched')).toHaveLength(7);
      const lost = (await get(`/api/inventorys/${inventoryId}/unchecked_items/`)).json();
      expect(lost.count).toBe(3);
      expect(lost.results.every((r: { quantity: number; status: string }) => r.quantity === 0 && r.status === 'missing')).toBe(
        true,
      );
      expect(lost.results.map((r: { epc: string }) => r.epc).sort()).toEqual(
        [(stock[g0] as string[])[4], (stock[g0] as string[])[5], (stock[g1] as string[])[3]].sort(),
      );
      // Filters: GTIN and EPC (any case).
      expect((await get(`/api/inventorys/${inventoryId}/items/?itemType__gtin__contains=${g2}`)).json().count).toBe(1);
      expect(
        (await get(`/api/inventorys/${inventoryId}/items/?epc__contains=${stray.slice(-10).toLowerCase()}`)).json().results[0]
          .epc,
      ).toBe(stray);
    });

    it('validating moves missing items to UNKNOWN and excess ones to STOCKED here, with traces; a later sale wins', async () => {
      // One excess item is sold at the store after the inventory read it: it stays SOLD.
      const sale = demoReaders.storeTill;
      const sold = await postSet(demo.t, { ...sale, epcs: [soldLater], at: '2026-11-10T11:00:00Z' });
      expect(sold.json().claimed_by).toBe('pos-sale');

      const answer = await put(`/api/inventorys/${inventoryId}/`, { state: 2 });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ state: 2, valid: true, canceled: false });
      expect(answer.json().closed_at).not.toBeNull();

      const lostEpcs = [(stock[g0] as string[])[4], (stock[g0] as string[])[5], (stock[g1] as string[])[3]] as string[];
      for (const epc of lostEpcs) {
        const item = await itemOf(db(), epc);
        expect(item).toMatchObject({ state: ItemState.Unknown, areaId: null, locationId: null });
      }
      for (const epc of [stray, elsewhere[0] as string]) {
        const item = await itemOf(db(), epc);
        expect(item).toMatchObject({ state: ItemState.Stocked, areaId, locationId: center });
      }
      expect((await itemOf(db(), soldLater)).state).toBe(ItemState.Sold);
      // Matched items did not move.
      expect((await itemOf(db(), (stock[g1] as string[])[0] as string)).areaId).toBe(areaId);

      // The tracker shows the changes: a reading claimed by the inventory, from the area to nowhere.
      const lostItem = await itemOf(db(), lostEpcs[0] as string);
      const readings = (await get(`/api/items/${lostItem.id}/itemstock/`)).json();
      expect(readings.results[0]).toMatchObject({
        claimed_by: 'inventory',
        state: ItemState.Unknown,
        area1: { id: areaId },
        area2: null,
      });
      const strayItem = await itemOf(db(), stray);
      const strayReadings = (await get(`/api/items/${strayItem.id}/itemstock/`)).json();
      expect(strayReadings.results[0]).toMatchObject({
        claimed_by: 'inventory',
        state: ItemState.Stocked,
        area2: { id: areaId },
      });
      const validationTraces = await db()
        .select()
        .from(traces)
        .where(and(eq(traces.itemId, strayItem.id), eq(traces.state, ItemState.Stocked)));
      expect(validationTraces).toHaveLength(1);

      // Validating again, or canceling a validated inventory: 409.
      expect((await put(`/api/inventorys/${inventoryId}/`, { state: 2 })).statusCode).toBe(409);
      const cancel = await put(`/api/inventorys/${inventoryId}/`, { state: 3 });
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message).toBe('Only a pending or computing inventory can be canceled.');
    });

    it('after validation the next set opens a new inventory whose expected stock is the validated one', async () => {
      const next = await postSet(demo.t, { ...reader, epcs: [stray], at: '2026-11-11T09:00:05Z' });
      expect(next.json().claimed_by).toBe('inventory');
      const rows = await db().select().from(inventories).where(eq(inventories.areaId, areaId)).orderBy(inventories.id);
      expect(rows).toHaveLength(2);
      // 10 expected − 3 lost + 2 stocked (the sold one stayed sold) = 9.
      expect(rows[1]).toMatchObject({ state: 0, expectedCount: 9, readCount: 1, matchedCount: 1 });
      // Cancel changes nothing.
      const before = await itemsByEpc(db(), [...(stock[g0] as string[]), ...(stock[g1] as string[])]);
      const canceled = await put(`/api/inventorys/${rows[1]?.id}/`, { state: 3 });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json()).toMatchObject({ state: 3, canceled: true, valid: false });
      const after = await itemsByEpc(db(), [...(stock[g0] as string[]), ...(stock[g1] as string[])]);
      for (const [epc, item] of before) {
        expect(after.get(epc)).toMatchObject({ state: item.state, areaId: item.areaId, locationId: item.locationId });
      }
      expect((await put(`/api/inventorys/${rows[1]?.id}/`, { state: 2 })).json().message).toBe(
        'Only a pending inventory can be validated.',
      );
    });

    it('a set of a reader of another location is applied there, never to this area', async () => {
      const post = await demo.t.app.inject({
        method: 'POST',
        url: `/api/locations/${center}/inventories/`,
        payload: { location_area: areaId },
        headers: { authorization: demo.admin },
      });
      expect(post.statusCode, post.body).toBe(201);
      const opened = post.json();
      const far = await areaWithReader('HH-INV-STORE', store, 2, '02:00:00:00:07:02');
      const set = await postSet(demo.t, {
        ...far.reader,
        epcs: [(stock[g1] as string[])[0] as string],
        at: '2026-11-12T09:00:05Z',
      });
      expect(set.json().claimed_by).toBe('inventory');
      expect((await get(`/api/inventorys/${opened.id}/`)).json()).toMatchObject({ items: 0, state: 0 });
      const storeInventories = (await get(`/api/locations/${store}/inventories/?location_area=${far.areaId}`)).json();
      expect(storeInventories.count).toBe(1);
      expect(storeInventories.results[0]).toMatchObject({ location: store, items: 1, theorical_stock: 0, excess_items: 1 });
      // Nothing was read in the user's inventory: validating would declare the area lost.
      const empty = await put(`/api/inventorys/${opened.id}/`, { state: 2 });
      expect(empty.statusCode).toBe(409);
      expect(empty.json().message).toMatch(/Nothing has been read/);
      expect((await put(`/api/inventorys/${opened.id}/`, { state: 3 })).statusCode).toBe(200);
    });
  });

  it('a partial inventory expects and counts only its GTINs', async () => {
    const { areaId, reader } = await areaWithReader('HH-INV-P', center, 2, '02:00:00:00:07:03');
    const stock = await stockIn(center, areaId, [g0, 3], [g1, 2]);
    const g1Id = demo.ids.gtins[1]?.id as number;
    const post = await demo.t.app.inject({
      method: 'POST',
      url: `/api/locations/${center}/inventories/`,
      payload: { location_area: areaId, item_types: [g1Id] },
      headers: { authorization: demo.admin },
    });
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json()).toMatchObject({ is_partial: true, theorical_stock: 2, item_types: [{ id: g1Id, gtin: g1 }] });
    const [strayG1, strayG2] = [freshEpcs(g1, 1)[0], freshEpcs(g2, 1)[0]] as [string, string];
    const set = await postSet(demo.t, {
      ...reader,
      epcs: [...(stock[g0] as string[]), (stock[g1] as string[])[0] as string, strayG1, strayG2],
      at: '2026-11-13T09:00:05Z',
    });
    expect(set.json().claimed_by).toBe('inventory');
    const inv = (await get(`/api/inventorys/${post.json().id}/`)).json();
    expect(inv).toMatchObject({ items: 2, matched_items: 1, missing_items: 1, excess_items: 1 });
    const summary = (await get(`/api/inventorys/${inv.id}/summary/`)).json();
    expect(summary.results.map((r: { gtin: string }) => r.gtin)).toEqual([g1]);
    expect((await put(`/api/inventorys/${inv.id}/`, { state: 2 })).statusCode).toBe(200);
    // g0 items were neither expected nor counted: untouched, even the ones not read.
    for (const epc of stock[g0] as string[]) expect((await itemOf(db(), epc)).state).toBe(ItemState.Stocked);
    expect((await itemOf(db(), (stock[g1] as string[])[1] as string)).state).toBe(ItemState.Unknown);
    expect((await itemOf(db(), strayG1)).areaId).toBe(areaId);
    expect((await itemOf(db(), strayG2)).state).toBe(ItemState.Unknown);
  });

  it('a cabinet set is a snapshot: read items are the stock, the rest leaves, validated at once', async () => {
    const { areaId, reader } = await areaWithReader('CAB-INV', store, 7, '02:00:00:00:07:04');
    const origin = await addArea(db(), { locationId: store, description: 'INV-cab-origin' });
    const stock = await stockIn(store, areaId, [g0, 4]);
    const moved = await stockIn(store, origin, [g1, 1]);
    const [fresh] = freshEpcs(g2, 1) as [string];
    const inCabinet = [...(stock[g0] as string[]).slice(0, 2), (moved[g1] as string[])[0] as string, fresh];
    const set = await postSet(demo.t, { ...reader, epcs: inCabinet, at: '2026-11-14T08:00:05Z' });
    expect(set.json().claimed_by).toBe('cabinet');
    const list = (await get(`/api/locations/${store}/inventories/?location_area=${areaId}`)).json();
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({
      state: 2,
      valid: true,
      theorical_stock: 4,
      items: 4,
      matched_items: 2,
      missing_items: 2,
      excess_items: 2,
      device: { serial_number: 'CAB-INV', working_mode: 7 },
    });
    for (const epc of inCabinet) expect(await itemOf(db(), epc)).toMatchObject({ state: ItemState.Stocked, areaId });
    for (const epc of (stock[g0] as string[]).slice(2)) {
      expect(await itemOf(db(), epc)).toMatchObject({ state: ItemState.Unknown, areaId: null });
    }
    // The tracker: the moved item's trace goes from its old area to the cabinet; a left item's to nowhere.
    const movedItem = await itemOf(db(), (moved[g1] as string[])[0] as string);
    expect((await get(`/api/items/${movedItem.id}/itemstock/`)).json().results[0]).toMatchObject({
      claimed_by: 'cabinet',
      state: ItemState.Stocked,
      area1: { id: origin },
      area2: { id: areaId },
    });
    const leftItem = await itemOf(db(), (stock[g0] as string[])[3] as string);
    expect((await get(`/api/items/${leftItem.id}/itemstock/`)).json().results[0]).toMatchObject({
      claimed_by: 'cabinet',
      state: ItemState.Unknown,
      area1: { id: areaId },
      area2: null,
    });
    // The next snapshot compares with the new stock: nothing missing, nothing in excess.
    const again = await postSet(demo.t, { ...reader, epcs: inCabinet, at: '2026-11-14T09:00:05Z' });
    expect(again.json().claimed_by).toBe('cabinet');
    const latest = (await get(`/api/locations/${store}/inventories/?location_area=${areaId}`)).json().results[0];
    expect(latest).toMatchObject({ theorical_stock: 4, matched_items: 4, missing_items: 0, excess_items: 0, accuracy: 100 });
  });

  it('an empty set opens nothing (a free reading set)', async () => {
    const { areaId, reader } = await areaWithReader('HH-INV-E', center, 2, '02:00:00:00:07:05');
    const set = await postSet(demo.t, { ...reader, epcs: [], at: '2026-11-15T08:00:05Z' });
    expect(set.statusCode, set.body).toBe(201);
    expect(set.json().claimed_by).toBeNull();
    expect(await db().select().from(inventories).where(eq(inventories.areaId, areaId))).toHaveLength(0);
  });
});
