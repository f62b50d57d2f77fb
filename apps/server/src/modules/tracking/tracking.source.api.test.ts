import { randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { demoWorld } from '../../test/demo-world.js';
import { createDemoPurchaseOrder } from '../orders/inbound-fixtures.js';

/** Issue 28: a tag's history names the order and box that brought it (the verification that claimed its set). */
describe('tracking: what brought a reading', () => {
  const demo = demoWorld();
  const post = (body: Record<string, unknown>) =>
    demo.t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      payload: {
        id: randomUUID(),
        device: 'TUN-MAD-01',
        start_time: '2026-04-02T10:00:00Z',
        end_time: '2026-04-02T10:00:05Z',
        ...body,
      },
      headers: { authorization: `Device ${demoDeviceKey('TUN-MAD-01')}` },
    });
  const get = (url: string) => demo.t.app.inject({ url, headers: { authorization: demo.admin } });

  beforeAll(async () => {});

  it('gives the order (code, type, side) and the box of a verified set, and nothing for a free set', async () => {
    const gtin = demo.ids.gtins[0]?.gtin as string;
    const { orderId, boxIds } = await createDemoPurchaseOrder(demo.t, demo.admin, demo.ids, {
      location: 'CD-MAD',
      code: 'SRC-ORDER-1',
      boxes: [{ codebar: 'SRC-BOX-1', contents: [{ gtin, quantity: 1 }] }],
    });
    const epc = encodeSgtin96({ gtin, serial: '777001', companyPrefixLength: 7 });
    expect((await post({ codebar: 'SRC-BOX-1', epcs: [epc] })).json().claimed_by).toBe('verification');
    // A later free read of the same tag (no barcode): no order, no box.
    expect((await post({ start_time: '2026-04-03T10:00:00Z', end_time: '2026-04-03T10:00:05Z', epcs: [epc] })).statusCode).toBe(
      201,
    );

    const [item] = (await demo.t.call('POST', '/api/epc/retrieve/', demo.admin, { epc })).json();
    const expected = {
      order: { id: orderId, order_code: 'SRC-ORDER-1', type: 'purchase' },
      box: { id: boxIds[0], codebar: 'SRC-BOX-1' },
      side: 'destination',
      return: null,
    };
    const free = { order: null, box: null, side: null, return: null };
    const groups = (await get(`/api/items/${item.id}/readingsets/?limit=10`)).json();
    expect(groups.results).toHaveLength(2);
    expect(groups.results[0]).toMatchObject({ claimed_by: null, ...free });
    expect(groups.results[1]).toMatchObject({ claimed_by: 'verification', ...expected });
    const reads = (await get(`/api/items/${item.id}/itemstock/?limit=10`)).json();
    expect(reads.results.at(-1)).toMatchObject(expected);
    expect(reads.results[0]).toMatchObject(free);

    // The verification's EPC lines, and the tags in stock, name the GTIN's size and colour (issue 28).
    const type = (await get(`/api/types/?gtin=${gtin}`)).json().results[0];
    expect(type.size_primary).not.toBe('');
    const variant = { gtin, size: type.size_primary, colour: type.colour };
    const verification = (await get(`/api/rboxes/${boxIds[0]}/verifications/`)).json().results[0];
    expect((await get(`/api/verifications/${verification.id}/items/`)).json().results).toEqual([
      expect.objectContaining({ epc, ...variant }),
    ]);
    const inStock = (await get(`/api/global-item-stock/?location=${demo.ids.locations['CD-MAD']}&epc__icontains=${epc}`)).json();
    expect(inStock.results).toEqual([expect.objectContaining({ epc, ...variant })]);
  });
});
