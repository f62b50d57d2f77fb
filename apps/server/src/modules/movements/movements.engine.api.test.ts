import { ItemState } from '@rfid/contract';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { demoWorld } from '../../test/demo-world.js';
import { createOutboundOrder, newEpcs, postSet } from './outbound-fixtures.js';

/** Modes 1 (movement exit) and 3 (movement entry) end to end through POST /api/readingsets/. */
describe('movement engine', () => {
  const demo = demoWorld();
  let gtin: string;
  const exit = { device: 'POR-MAD-EXP', key: demoDeviceKey('POR-MAD-EXP') };
  const entry = { device: 'POR-T01-ENT', key: demoDeviceKey('POR-T01-ENT') };

  beforeAll(async () => {
    gtin = demo.ids.gtins[0]?.gtin as string;
  });

  const get = async (url: string) => {
    const r = await demo.t.app.inject({ url, headers: { authorization: demo.admin } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  it('a box that arrives with two tags missing: origin 3, destination 2, the two missing stay IN TRANSIT', async () => {
    const mad = demo.locationId('CD-MAD');
    const store = demo.locationId('T-MAD-01');
    const { orderId, boxIds } = await createOutboundOrder(demo.t, demo.admin, {
      kind: 'movement',
      origin: mad,
      destination: store,
      code: 'MOV-ENG-1',
      boxes: [{ codebar: 'MOV-ENG-1-A', contents: [{ gtin, quantity: 5 }] }],
    });
    const epcs = newEpcs(gtin, 5);

    const out = await postSet(demo.t, { ...exit, codebar: 'MOV-ENG-1-A', epcs, at: '2026-04-01T10:00:05Z' });
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json().claimed_by).toBe('verification');
    const afterExit = await demo.t.database.db.select().from(items).where(inArray(items.epc, epcs));
    expect(afterExit.every((i) => i.state === ItemState.InTransit && i.areaId === null && i.locationId === null)).toBe(true);
    expect(await get(`/api/morders/${orderId}/`)).toMatchObject({
      origin_status: 3,
      destination_status: 0,
      origin_num_verified_boxes: 1,
      origin_real_item_count: 5,
      exit_date: '2026-04-01T10:00:05.000Z',
      can_cancel: true,
      can_delete: false,
    });

    const arrived = await postSet(demo.t, {
      ...entry,
      codebar: 'MOV-ENG-1-A',
      epcs: epcs.slice(0, 3),
      at: '2026-04-02T09:00:00Z',
    });
    expect(arrived.json().claimed_by).toBe('verification');
    const order = await get(`/api/morders/${orderId}/?side=entry`);
    expect(order).toMatchObject({
      origin_status: 3,
      destination_status: 2,
      destination_real_item_count: 3,
      real_item_count: 3,
      destination_num_verified_boxes: 1,
      arrival_date: '2026-04-02T09:00:00.000Z',
      can_cancel: false,
    });
    const after = await demo.t.database.db.select().from(items).where(inArray(items.epc, epcs));
    const byEpc = new Map(after.map((i) => [i.epc, i]));
    for (const epc of epcs.slice(0, 3)) {
      expect(byEpc.get(epc)).toMatchObject({ state: ItemState.Stocked, locationId: store, areaId: expect.any(Number) });
    }
    for (const epc of epcs.slice(3)) {
      expect(byEpc.get(epc)).toMatchObject({ state: ItemState.InTransit, locationId: null, areaId: null });
    }

    // both dashboards see it; the box reads 1 (with errors) at the destination, 2 at the origin
    const exits = await get(`/api/locations/${mad}/v1/exits/`);
    expect(exits.results.find((o: { id: number }) => o.id === orderId)).toMatchObject({ real_item_count: 5 });
    const entries = await get(`/api/v1/morders/?destination__id=${store}`);
    expect(entries.results.find((o: { id: number }) => o.id === orderId)).toMatchObject({ real_item_count: 3 });
    const exitBox = await get(`/api/morders/${orderId}/boxes/${boxIds[0]}/?side=exit`);
    expect(exitBox).toMatchObject({ status: 2, real_item_count: 5, verification_count: 1 });
    const entryBoxes = await get(`/api/v1/morders/${orderId}/boxes/?side=entry`);
    expect(entryBoxes.results[0]).toMatchObject({ status: 1, real_item_count: 3, theorical_item_count: 5, percent: 60 });
    const report = await get(`/api/morders/${orderId}/report/?side=entry`);
    expect(report.results[0]).toMatchObject({ gtin, origin_real_quantity: 5, destination_real_quantity: 3, percent: 60 });

    // each side has its verification list; turning the origin one off takes the origin back to 0
    const exitVerifications = await get(`/api/rboxes/${boxIds[0]}/verifications/?readingset_ptr__reading__type=1`);
    expect(exitVerifications.results).toEqual([expect.objectContaining({ side: 'origin', real_item_count: 5, valid: true })]);
    const entryVerifications = await get(`/api/rboxes/${boxIds[0]}/verifications/`);
    expect(entryVerifications.results).toEqual([expect.objectContaining({ side: 'destination', real_item_count: 3 })]);

    // the EPC report of the movement lists what each side verified
    const csv = await demo.t.app.inject({
      url: `/api/morders/${orderId}/csv/?report_mode=1`,
      headers: { authorization: demo.admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 5 + 3);

    const off = await demo.t.app.inject({
      method: 'PUT',
      url: `/api/verifications/${exitVerifications.results[0].id}/`,
      headers: { authorization: demo.admin },
      payload: { valid: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await get(`/api/morders/${orderId}/`)).toMatchObject({ origin_status: 0, destination_status: 2, exit_date: null });
  });

  it('a box of a movement leaving another location is not claimed at this exit', async () => {
    await createOutboundOrder(demo.t, demo.admin, {
      kind: 'movement',
      origin: demo.locationId('CD-BCN'),
      destination: demo.locationId('T-MAD-01'),
      code: 'MOV-ENG-2',
      boxes: [{ codebar: 'MOV-ENG-2-A', contents: [{ gtin, quantity: 1 }] }],
    });
    const r = await postSet(demo.t, { ...exit, codebar: 'MOV-ENG-2-A', epcs: newEpcs(gtin, 1) });
    expect(r.json().claimed_by).toBeNull();
  });
});
