import { randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoItemTypes, demoDeviceKey } from '../../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const gtins = buildDemoItemTypes(3).map((i) => i.gtin);
const epcOf = (index: number, serial: number) =>
  encodeSgtin96({ gtin: gtins[index] as string, serial: String(serial), companyPrefixLength: 7 });
const UNKNOWN_EPC = 'E2801160600002054C1D7AB9';

describe('tracking API', () => {
  let t: TestApp;
  let madSetId: string;
  let storeSetId: string;
  let madId: number;
  let storeId: number;
  let bcnId: number;
  // Items the demo data already has (stock and inventory demos): the counts below are of this file's own.
  let itemsBefore: number;
  let viewerItemsBefore: number;
  const get = async (url: string, who = 'admin@demo.local') => t.call('GET', url, await t.login(who));
  const retrieve = async (epc: string, who = 'admin@demo.local') =>
    t.call('POST', '/api/epc/retrieve/', await t.login(who), { epc });
  const sendSet = async (serial: string, epcs: string[], start: string, end: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      payload: { id: randomUUID(), device: serial, start_time: start, end_time: end, epcs },
      headers: { authorization: `Device ${demoDeviceKey(serial)}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const locations = (await get('/api/locations/?limit=100')).json().results as { id: number; code: string }[];
    madId = locations.find((l) => l.code === 'CD-MAD')?.id as number;
    storeId = locations.find((l) => l.code === 'T-MAD-01')?.id as number;
    bcnId = locations.find((l) => l.code === 'CD-BCN')?.id as number;
    itemsBefore = (await get('/api/items/?limit=1')).json().count;
    viewerItemsBefore = (await get('/api/items/?limit=1', 'viewer@demo.local')).json().count;
    // the tag is first read at the Madrid DC dock, then at the store's back room
    madSetId = await sendSet(
      'TUN-MAD-01',
      [epcOf(0, 1), epcOf(0, 2), epcOf(1, 3), UNKNOWN_EPC],
      '2026-11-20T08:00:00Z',
      '2026-11-20T08:00:03Z',
    );
    storeSetId = await sendSet('POR-T01-ENT', [epcOf(0, 1)], '2026-11-21T09:00:00Z', '2026-11-21T09:00:02Z');
  });
  afterAll(async () => t.close());

  it('retrieves the item of an EPC (any case, spaces ignored) and pages its readings with state and areas', async () => {
    const found = await retrieve(` ${epcOf(0, 1).toLowerCase().slice(0, 10)} ${epcOf(0, 1).slice(10)}`);
    expect(found.statusCode).toBe(200);
    const [item] = found.json();
    expect(item).toMatchObject({
      epc: epcOf(0, 1),
      gtin: gtins[0],
      serial: '1',
      scheme: 'sgtin-96',
      state: 1,
      state_name: 'UNKNOW',
      area: { description: 'Muelle de recepción', location_description: 'Centro de distribución Madrid' },
    });
    const readings = (await get(`/api/items/${item.id}/itemstock/?limit=10`)).json();
    expect(readings.count).toBe(2);
    expect(readings.results[0]).toMatchObject({
      readingSet: storeSetId,
      device: 'POR-T01-ENT',
      state_name: 'UNKNOW',
      // a free read at the store does not move the item: it stays at the DC dock, read in the store
      area2: { description: 'Muelle de recepción' },
      read_area: { description: 'Almacén tienda', location_description: 'Tienda Madrid Gran Vía' },
    });
    expect(readings.results[1]).toMatchObject({
      readingSet: madSetId,
      epc: epcOf(0, 1),
      area1: null,
      area2: { description: 'Muelle de recepción' },
      claimed_by: null,
      device: 'TUN-MAD-01',
    });
    const paged = (await get(`/api/items/${item.id}/itemstock/?limit=1`)).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('offset=1');
  });

  it('answers an empty list for an unknown EPC and a validation error for an empty one', async () => {
    expect((await retrieve('30740000000000000000FFFF')).json()).toEqual([]);
    const empty = await retrieve('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.epc).toEqual(['Not found']);
  });

  it('finds an item by a GS1 Digital Link URI (any host, path prefix, query ignored) as by its EPC, in the user scope', async () => {
    const byEpc = (await retrieve(epcOf(0, 1))).json();
    expect(byEpc).toHaveLength(1);
    for (const uri of [
      `https://id.gs1.org/01/${gtins[0]}/21/1`,
      `https://scan.example.com/moda/dl/01/${gtins[0]}/21/1?linkType=gs1:pip`,
    ]) {
      const found = await retrieve(uri);
      expect(found.statusCode, uri).toBe(200);
      expect(found.json().map((item: { id: number }) => item.id)).toEqual([byEpc[0].id]);
    }
    // Another serial: no item. The viewer (store) does not see the center's item.
    expect((await retrieve(`https://id.gs1.org/01/${gtins[0]}/21/999999`)).json()).toEqual([]);
    expect((await retrieve(`https://id.gs1.org/01/${gtins[0]}/21/1`, 'viewer@demo.local')).json()).toEqual([]);
    // A wrong check digit, or a product with no serial: 400 with the message in the language asked.
    const wrong = `${(gtins[0] as string).slice(0, 13)}${(Number((gtins[0] as string)[13]) + 1) % 10}`;
    const bad = await retrieve(`https://id.gs1.org/01/${wrong}/21/1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.epc[0]).toMatch(/^This is not a valid GS1 Digital Link URI/);
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/epc/retrieve/',
      headers: { authorization: await t.login('admin@demo.local'), 'accept-language': 'es' },
      payload: { epc: `https://id.gs1.org/01/${gtins[0]}` },
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().errors.epc).toEqual([
      'El GS1 Digital Link no tiene número de serie (/21/…): nombra un producto, no un artículo.',
    ]);
  });

  it('keeps items and readings in the user scope', async () => {
    // the store editor sees the tag's reading made at the store only; the viewer (store) the same
    const [item] = (await retrieve(epcOf(0, 1))).json();
    // the item is at the DC (unclaimed reads do not move it): a store-only user does not see it
    expect((await retrieve(epcOf(0, 1), 'viewer@demo.local')).json()).toEqual([]);
    expect((await get(`/api/items/${item.id}/itemstock/`, 'viewer@demo.local')).statusCode).toBe(404);
    const editor = (await get(`/api/items/${item.id}/itemstock/`, 'editor@demo.local')).json();
    expect(editor.count).toBe(2);
    expect((await get(`/api/items/${item.id}/`, 'viewer@demo.local')).statusCode).toBe(404);
    expect((await get('/api/items/999999/itemstock/')).statusCode).toBe(404);
  });

  it('lists and filters items', async () => {
    const all = (await get('/api/items/?limit=2')).json();
    expect(all.count).toBe(itemsBefore + 4);
    expect(all.results).toHaveLength(2);
    expect((await get(`/api/items/?gtin=${gtins[0]}`)).json().count).toBe(2);
    expect((await get('/api/items/?gtin__isnull=True')).json().results[0].scheme).toBe('unknown');
    expect((await get('/api/items/?state=abc')).statusCode).toBe(400);
    expect((await get('/api/items/', 'viewer@demo.local')).json().count).toBe(viewerItemsBefore);
  });

  it('lists the free reading sets of a location, newest first, scoped', async () => {
    const mad = (await get(`/api/locations/${madId}/free_reading_sets/`)).json();
    expect(mad.count).toBe(1);
    expect(mad.results[0]).toMatchObject({
      id: madSetId,
      read_count: 4,
      epc_count: 4,
      device: { serial_number: 'TUN-MAD-01', mac_address: '84:24:8D:00:00:01' },
      area: { description: 'Muelle de recepción' },
    });
    expect((await get(`/api/locations/${bcnId}/free_reading_sets/`)).json().count).toBe(0);
    expect((await get(`/api/locations/${madId}/free_reading_sets/?start_time__gte=2026-11-21`)).json().count).toBe(0);
    expect((await get(`/api/locations/${madId}/free_reading_sets/?start_time__gte=bad`)).statusCode).toBe(400);
    // the viewer only sees its store
    expect((await get(`/api/locations/${madId}/free_reading_sets/`, 'viewer@demo.local')).statusCode).toBe(404);
    expect((await get(`/api/locations/${storeId}/free_reading_sets/`, 'viewer@demo.local')).json().count).toBe(1);
  });

  it('reports a free reading set per GTIN and pages its EPCs', async () => {
    const detail = await get(`/api/free_reading_set/${madSetId}/detail/`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({ id: madSetId, unknown_count: 1, epc_count: 4 });
    expect(body.lines[0]).toMatchObject({ gtin: gtins[0], quantity: 2, description: expect.any(String) });
    expect(body.lines).toHaveLength(3);
    const epcs = (await get(`/api/free_reading_set/${madSetId}/epcs/?limit=3`)).json();
    expect(epcs.count).toBe(4);
    expect(epcs.results).toHaveLength(3);
    expect(epcs.results[0]).toMatchObject({ reads: 1, item: expect.any(Number) });
    expect((await get(`/api/free_reading_set/${madSetId}/epcs/?gtin__isnull=True`)).json().results[0].epc).toBe(UNKNOWN_EPC);
  });

  it('hides another location set and validates the set id', async () => {
    expect((await get(`/api/free_reading_set/${madSetId}/detail/`, 'viewer@demo.local')).statusCode).toBe(404);
    expect((await get(`/api/free_reading_set/${storeSetId}/detail/`, 'viewer@demo.local')).statusCode).toBe(200);
    expect((await get(`/api/free_reading_set/${madSetId}/epcs/`, 'viewer@demo.local')).statusCode).toBe(404);
    expect((await get(`/api/free_reading_set/${randomUUID()}/detail/`)).statusCode).toBe(404);
    expect((await get('/api/free_reading_set/42/detail/')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/free_reading_set/${madSetId}/detail/` })).statusCode).toBe(401);
  });

  // Last: its set and item would change the counts above.
  it('groups a tag’s reads by reading set: one row a set with its reads, antennas and best RSSI; raw reads stay', async () => {
    const epc = epcOf(2, 77);
    const reads = [
      { epc, antenna: 1, rssi: -61, time: '2026-11-22T10:00:00Z' },
      { epc, antenna: 2, rssi: -48, time: '2026-11-22T10:00:01Z' },
      { epc, antenna: 1, rssi: -55, time: '2026-11-22T10:00:02Z' },
      { epc, antenna: 4, time: '2026-11-22T10:00:03Z' },
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      payload: { id: randomUUID(), start_time: '2026-11-22T10:00:00Z', end_time: '2026-11-22T10:00:04Z', reads },
      headers: { authorization: `Device ${demoDeviceKey('TUN-MAD-01')}` },
    });
    expect(res.statusCode).toBe(201);
    const setId = res.json().id as string;
    const laterSet = await sendSet('TUN-MAD-01', [epc], '2026-11-23T08:00:00Z', '2026-11-23T08:00:01Z');
    const [item] = (await retrieve(epc)).json();
    const raw = (await get(`/api/items/${item.id}/itemstock/?limit=20`)).json();
    expect(raw.count).toBe(5);
    const grouped = (await get(`/api/items/${item.id}/readingsets/?limit=20`)).json();
    expect(grouped.count).toBe(2);
    expect(grouped.results.map((g: { readingSet: string }) => g.readingSet)).toEqual([laterSet, setId]);
    expect(grouped.results[1]).toMatchObject({
      readingSet: setId,
      first_date: '2026-11-22T10:00:00.000Z',
      date: '2026-11-22T10:00:03.000Z',
      read_count: 4,
      antennas: [1, 2, 4],
      best_rssi: -48,
      epc,
      device: 'TUN-MAD-01',
      area2: { description: 'Muelle de recepción' },
    });
    expect(grouped.results[0]).toMatchObject({ read_count: 1, antennas: [], best_rssi: null });
    const paged = (await get(`/api/items/${item.id}/readingsets/?limit=1`)).json();
    expect(paged).toMatchObject({ count: 2, results: [{ readingSet: laterSet }] });
    expect(paged.next).toContain('offset=1');
    // The same scope as the raw reads.
    expect((await get(`/api/items/${item.id}/readingsets/`, 'viewer@demo.local')).statusCode).toBe(404);
    expect((await get('/api/items/999999/readingsets/')).statusCode).toBe(404);
    expect((await get(`/api/items/${item.id}/readingsets/?limit=-1`)).statusCode).toBe(400);
  });
});
