import { randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.js';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { demoWorld } from '../../test/demo-world.js';
import { createDemoPurchaseOrder } from '../orders/inbound-fixtures.js';

/** The engine end to end: reading sets posted by a reader to POST /api/readingsets/. */
describe('verification through ingestion', () => {
  const demo = demoWorld();
  let g: string[];
  let serial = 1000;
  const epcs = (gtin: string, n: number) =>
    Array.from({ length: n }, () => {
      serial += 1;
      return encodeSgtin96({ gtin, serial: String(serial), companyPrefixLength: 7 });
    });
  const post = (body: Record<string, unknown>, serialNumber = 'TUN-MAD-01') =>
    demo.t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      payload: {
        id: randomUUID(),
        device: serialNumber,
        start_time: '2026-04-01T10:00:00Z',
        end_time: '2026-04-01T10:00:05Z',
        ...body,
      },
      headers: { authorization: `Device ${demoDeviceKey(serialNumber)}` },
    });
  const get = (url: string) => demo.t.app.inject({ url, headers: { authorization: demo.admin } });

  beforeAll(async () => {
    g = demo.ids.gtins.map((x) => x.gtin);
  });

  it('verifies boxes read at the tunnel: exact → box 2; one missing → box 1 and order 2; items STOCKED', async () => {
    const { orderId, boxIds } = await createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, {
      location: 'CD-MAD',
      code: 'ING-1',
      boxes: [
        { codebar: 'ING-1-A', contents: [{ gtin: g[0] as string, quantity: 2 }] },
        { codebar: 'ING-1-B', contents: [{ gtin: g[1] as string, quantity: 3 }] },
      ],
    });
    const first = { id: randomUUID(), codebar: 'ING-1-A', epcs: epcs(g[0] as string, 2) };
    const r1 = await post(first);
    expect(r1.statusCode).toBe(201);
    expect(r1.json().claimed_by).toBe('verification');
    const r2 = await post({ codebar: 'ING-1-B', epcs: epcs(g[1] as string, 2) });
    expect(r2.json().claimed_by).toBe('verification');

    const boxesPage = (await get(`/api/porders/${orderId}/boxes/`)).json();
    expect(boxesPage.results.map((b: { barcode: string; status: number }) => [b.barcode, b.status])).toEqual([
      ['ING-1-A', 2],
      ['ING-1-B', 1],
    ]);
    const order = (await get(`/api/porders/${orderId}/`)).json();
    expect(order).toMatchObject({ destination_status: 2, num_verified_boxes: 2, real_item_count: 4, item_count: 5 });
    expect(order.arrival_date).toBe('2026-04-01T10:00:05.000Z');

    const verification = (await get(`/api/rboxes/${boxIds[1]}/verifications/`)).json().results[0];
    expect(verification.readers).toEqual([expect.objectContaining({ serial_number: 'TUN-MAD-01' })]);
    const itemsPage = (await get(`/api/verifications/${verification.id}/items/`)).json();
    expect(itemsPage.count).toBe(2);
    expect(itemsPage.results.every((i: { quantity: number; gtin: string }) => i.quantity === 1 && i.gtin === g[1])).toBe(true);
    const [stocked] = await demo.t.database.db.select().from(items).where(eq(items.epc, itemsPage.results[0].epc));
    expect(stocked).toMatchObject({ state: 0, locationId: demo.ids.locations['CD-MAD'] });
    expect(stocked?.areaId).not.toBeNull();

    // the same set sent again is stored once: still one verification of box A
    const again = await demo.t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      payload: { ...first, device: 'TUN-MAD-01', start_time: '2026-04-01T10:00:00Z', end_time: '2026-04-01T10:00:05Z' },
      headers: { authorization: `Device ${demoDeviceKey('TUN-MAD-01')}` },
    });
    expect(again.statusCode).toBe(200);
    expect((await get(`/api/rboxes/${boxIds[0]}/verifications/`)).json().count).toBe(1);
  });

  it('leaves a box of another location as a free set, and makes a provider return at the exit portal', async () => {
    await createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, {
      location: 'CD-BCN',
      code: 'ING-BCN',
      boxes: [{ codebar: 'ING-BCN-A', contents: [{ gtin: g[0] as string, quantity: 1 }] }],
    });
    const free = await post({ codebar: 'ING-BCN-A', epcs: epcs(g[0] as string, 1) });
    expect(free.json().claimed_by).toBeNull();

    const back = await post({ codebar: 'ING-1', epcs: epcs(g[0] as string, 2) }, 'POR-MAD-EXP');
    expect(back.statusCode).toBe(201);
    expect(back.json().claimed_by).toBe('provider-return');
    const returns = (await get(`/api/locations/${demo.ids.locations['CD-MAD']}/provider_returns/`)).json();
    expect(returns.results[0]).toMatchObject({ code: 'ING-1', real_item_count: 2 });
  });
});
