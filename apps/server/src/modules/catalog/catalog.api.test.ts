import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, itemTypes } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** SGTIN-96 of the GS1 TDS worked example: GTIN 80614141123458, serial 6789. */
const TDS_EPC = '3074257BF7194E4000001A85';

describe('catalog API', () => {
  let t: TestApp;
  let foreignTypeId: number;
  const get = async (url: string, who = 'admin@demo.local') => t.call('GET', url, await t.login(who));
  const post = async (url: string, payload: unknown, who = 'admin@demo.local') =>
    t.call('POST', url, await t.login(who), payload);

  beforeAll(async () => {
    t = await buildTestApp();
    const [other] = await t.database.db.insert(companies).values({ name: 'Otra S.A.' }).returning();
    const [foreign] = await t.database.db
      .insert(itemTypes)
      .values({ companyId: other?.id as number, gtin: '08412345678905', description: 'Foreign' })
      .returning();
    foreignTypeId = foreign?.id as number;
  });
  afterAll(async () => t.close());

  it('searches GTINs with gtin__icontains, paged, own company only', async () => {
    const all = (await get('/api/types/?limit=5')).json();
    expect(all.count).toBe(300);
    expect(all.results).toHaveLength(5);
    expect(all.next).toContain('offset=5');
    const found = (await get('/api/types/?gtin__icontains=84370121000')).json();
    expect(found.count).toBe(10);
    expect(found.results[0]).toMatchObject({ gtin: expect.stringMatching(/^084370121000\d{2}$/), price: expect.any(String) });
    expect((await get('/api/types/?gtin__icontains=84123456')).json().count).toBe(0);
    expect((await get('/api/types/?limit=0')).statusCode).toBe(400);
  });

  it('reads one GTIN by id and by code; a foreign or unknown one is 404', async () => {
    const first = (await get('/api/types/?gtin__icontains=8437012&limit=1')).json().results[0];
    const byId = await get(`/api/types/${first.id}/`, 'viewer@demo.local');
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id: first.id, gtin: first.gtin, sizes: expect.any(Array) });
    const byGtin = await get(`/api/v1/types/${first.gtin}/`);
    expect(byGtin.json().id).toBe(first.id);
    // a GTIN-13 finds its GTIN-14 row
    expect((await get(`/api/v1/types/${first.gtin.slice(1)}/`)).json().id).toBe(first.id);
    expect((await get(`/api/types/${foreignTypeId}/`)).statusCode).toBe(404);
    expect((await get('/api/v1/types/08412345678905/')).statusCode).toBe(404);
    expect((await get('/api/v1/types/abc/')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/types/' })).statusCode).toBe(401);
  });

  it('adds a GTIN with the required fields and a verified check digit', async () => {
    const created = await post('/api/types/', {
      gtin: '4006381333931',
      description: 'Rotulador',
      price: '2,50',
      session: 'PV27',
      model: 'Stabilo',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ gtin: '04006381333931', price: '2.50', season: 'PV27', model: 'Stabilo' });
    const again = await post('/api/types/', { gtin: '04006381333931', description: 'x', price: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.gtin).toBeDefined();
  });

  it('answers the spec messages for missing fields, a bad price and a bad check digit', async () => {
    const empty = await post('/api/types/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ gtin: ['required'], description: ['required'], price: ['required'] });
    const badPrice = await post('/api/types/', { gtin: '4006381333931', description: 'x', price: 'abc' });
    expect(badPrice.json().errors.price).toEqual(['A valid number is required.']);
    const badDigit = await post('/api/types/', { gtin: '4006381333932', description: 'x', price: 1 });
    expect(badDigit.statusCode).toBe(400);
    expect(badDigit.json()).toMatchObject({
      message: 'Invalid GTIN check digit.',
      errors: { gtin: ['Invalid GTIN check digit.'] },
    });
    const badBrand = await post('/api/types/', { gtin: '96385074', description: 'x', price: 1, brand_id: 99999 });
    expect(badBrand.json().errors.brand_id).toBeDefined();
  });

  it('links tags read before their GTIN existed to the new GTIN', async () => {
    const { encodeSgtin96 } = await import('@rfid/epc');
    const epc = encodeSgtin96({ gtin: '05012345678900', serial: '7', companyPrefixLength: 7 });
    const { demoDeviceKey } = await import('../../db/seed/demo-data.js');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      headers: { authorization: `Device ${demoDeviceKey('TUN-MAD-01')}` },
      payload: {
        id: '0b9f4c7e-1d2a-4e3b-8c4d-5e6f7a8b9c0d',
        device: 'TUN-MAD-01',
        start_time: '2026-11-20T10:00:00Z',
        end_time: '2026-11-20T10:00:01Z',
        epcs: [epc],
      },
    });
    expect(sent.statusCode).toBe(201);
    const [before] = (await post('/api/decoding/', { epcs: [epc] })).json();
    expect(before.item_type).toBeNull();
    const created = (await post('/api/types/', { gtin: '05012345678900', description: 'Nuevo', price: 5 })).json();
    const items = (await get('/api/items/?gtin=05012345678900')).json();
    expect(items.results[0]).toMatchObject({ epc, item_type: created.id, description: 'Nuevo' });
  });

  it('refuses the visualizer role on add', async () => {
    const refused = await post('/api/types/', { gtin: '96385074', description: 'x', price: 1 }, 'viewer@demo.local');
    expect(refused.statusCode).toBe(403);
    const printer = await post('/api/types/', { gtin: '96385074', description: 'Etiqueta', price: 1 }, 'printer@demo.local');
    expect(printer.statusCode).toBe(201);
    expect(printer.json().gtin).toBe('00000096385074');
  });

  it('decodes EPCs to scheme, GTIN and serial, keeping non-GS1 EPCs as unknown', async () => {
    const res = await post('/api/decoding/', { epcs: [TDS_EPC.toLowerCase(), 'E2801160600002054C1D7AB9'] }, 'viewer@demo.local');
    expect(res.statusCode).toBe(200);
    const [sgtin, unknown] = res.json();
    expect(sgtin).toMatchObject({
      epc: TDS_EPC,
      scheme: 'sgtin-96',
      gtin: '80614141123458',
      serial: '6789',
      pure_identity_uri: 'urn:epc:id:sgtin:0614141.812345.6789',
      item_type: null,
      error: null,
    });
    expect(unknown).toMatchObject({ scheme: 'unknown', gtin: null, error: expect.any(String) });
    expect((await post('/api/decoding/', { epcs: [] })).statusCode).toBe(400);
  });

  it('links a decoded GTIN to the company catalog', async () => {
    const first = (await get('/api/types/?gtin__icontains=8437012&limit=1')).json().results[0];
    const { encodeSgtin96 } = await import('@rfid/epc');
    const epc = encodeSgtin96({ gtin: first.gtin, serial: '42', companyPrefixLength: 7 });
    const [row] = (await post('/api/decoding/', { epcs: [epc] })).json();
    expect(row).toMatchObject({ gtin: first.gtin, serial: '42', item_type: first.id, description: first.description });
  });
});
