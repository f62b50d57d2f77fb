import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminTest from '../../test/admin-fixtures.js';
import { csvLinesOf, en, multipartForm, type TestApp } from '../../test/helpers.js';
import { CODE_TAKEN, LOGO_NOT_IMAGE, LOGO_TOO_LARGE } from './admin-locations.service.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const multipart = (field: string, filename: string, bytes: Buffer, type = 'image/png') =>
  multipartForm([{ name: field, filename, content: bytes, type }]);

describe('admin locations API', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let brandId: number;
  let call: adminTest.CallAs;
  const body = (over: Record<string, unknown> = {}) => ({
    description: 'Centro Zaragoza',
    brand: brandId,
    phone: '+34 976 000 000',
    email: 'zgz@demo.local',
    observations: 'Muelle 2',
    address: { street_name: 'Calle Mayor', street_num: '12', city: 'Zaragoza', postal_code: 50001, country: 'es' },
    ...over,
  });

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
    brandId = (await call('GET', '/api/brands/?limit=1&order_by=id', 'admin@demo.local')).json().results[0].id;
  });
  afterAll(async () => t.close());

  it('adds a center for role 1 with integer postal code and street number and a generated code', async () => {
    const r = await call('POST', '/api/locations/', 'admin@demo.local', body());
    expect(r.statusCode).toBe(201);
    const loc = r.json();
    expect(loc).toMatchObject({
      description: 'Centro Zaragoza',
      kind: 'center',
      brand: brandId,
      active: true,
      floor: '1',
      logo: null,
    });
    expect(loc.address).toEqual({
      street_name: 'Calle Mayor',
      street_num: 12,
      city: 'Zaragoza',
      postal_code: 50001,
      country: 'ES',
    });
    expect(loc.code).toMatch(/^CENTRO-ZARAGOZA-[0-9A-F]{4}$/);
    expect((await call('GET', `/api/locations/${loc.id}/`, 'admin@demo.local')).json().id).toBe(loc.id);
  });

  it("answers each of the spec's messages for a missing field", async () => {
    const r = await call('POST', '/api/locations/', 'admin@demo.local', { address: {} });
    expect(r.statusCode).toBe(400);
    const errors = r.json().errors;
    expect(errors.description).toEqual(['Please enter the name']);
    expect(errors.brand).toEqual(['Please select the brand']);
    expect(errors['address.street_name']).toEqual(['Please enter the street name']);
    expect(errors['address.street_num']).toEqual(['Please enter the street number']);
    expect(errors['address.city']).toEqual(['Please enter the city']);
    expect(errors['address.postal_code']).toEqual(['Please enter the postal code']);
    expect(errors['address.country']).toEqual(['Please select the country']);
    const notInt = await call(
      'POST',
      '/api/locations/',
      'admin@demo.local',
      body({ address: { ...body().address, postal_code: 'abc' } }),
    );
    expect(notInt.json().errors['address.postal_code']).toEqual(['Please enter the postal code']);
  });

  it('refuses a foreign brand and a duplicate code', async () => {
    const r = await call('POST', '/api/locations/', 'admin@demo.local', body({ brand: foreign.brandId }));
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.brand).toEqual(['Please select the brand']);
    const dup = await call('POST', '/api/locations/', 'admin@demo.local', body({ code: 'CD-MAD' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(en(CODE_TAKEN));
  });

  it('lets only role 1 add a location, and nobody below role 2 edit one', async () => {
    await adminTest.expectRefusals(
      call,
      ['brand', 'editor', 'viewer'].map((u): adminTest.Refusal => [403, 'POST', '/api/locations/', `${u}@demo.local`, body()]),
    );
    const id = (await call('GET', '/api/locations/?code=T-MAD-01', 'admin@demo.local')).json().results[0].id;
    await adminTest.expectRefusals(call, [
      [403, 'PUT', `/api/locations/${id}/`, 'editor@demo.local', body()],
      [403, 'PUT', `/api/locations/${id}/`, 'viewer@demo.local', body()],
    ]);
  });

  it('edits a location (role 2), keeps its code, and only role 1 changes the active flag', async () => {
    const loc = (await call('GET', '/api/locations/?code=T-VAL-01', 'admin@demo.local')).json().results[0];
    const r = await call('PUT', `/api/locations/${loc.id}/`, 'brand@demo.local', body({ description: 'Tienda Valencia Colón' }));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ description: 'Tienda Valencia Colón', code: 'T-VAL-01' });
    expect((await call('PUT', `/api/locations/${loc.id}/`, 'brand@demo.local', body({ active: false }))).statusCode).toBe(403);
    const off = await call('PUT', `/api/locations/${loc.id}/`, 'admin@demo.local', body({ active: false }));
    expect(off.json().active).toBe(false);
    const renamed = await call('PUT', `/api/locations/${loc.id}/`, 'admin@demo.local', body({ code: 'T-BCN-01' }));
    expect(renamed.statusCode).toBe(409);
  });

  it("takes the company's time zone by default, and keeps a real IANA zone it is given", async () => {
    const created = await call('POST', '/api/locations/', 'admin@demo.local', body({ description: 'Centro Huso' }));
    expect(created.json().time_zone).toBe('Europe/Madrid');
    const id = created.json().id;
    const bad = await call('PUT', `/api/locations/${id}/`, 'admin@demo.local', body({ time_zone: 'Europe/Atlantis' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('time_zone');
    const moved = await call('PUT', `/api/locations/${id}/`, 'admin@demo.local', body({ time_zone: 'america/new_york' }));
    expect(moved.json().time_zone).toBe('America/New_York');
    const kept = await call('PUT', `/api/locations/${id}/`, 'admin@demo.local', body());
    expect(kept.json().time_zone).toBe('America/New_York');
    expect((await call('GET', `/api/locations/${id}/`, 'admin@demo.local')).json().time_zone).toBe('America/New_York');
  });

  it('sets a GLN checked by its GS1 check digit (400 in the language asked), unique in the company, and clears it', async () => {
    const created = await call(
      'POST',
      '/api/locations/',
      'admin@demo.local',
      body({ description: 'Centro GLN', gln: '8437012999992' }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json().gln).toBe('8437012999992');
    expect((await call('GET', `/api/locations/${id}/`, 'admin@demo.local')).json().gln).toBe('8437012999992');
    // A wrong check digit: 400 naming the field, in English and in Spanish.
    const bad = await call('PUT', `/api/locations/${id}/`, 'admin@demo.local', body({ gln: '8437012999991' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.gln).toEqual(['Enter a valid GLN: 13 digits, the last one its GS1 check digit.']);
    const spanish = await t.app.inject({
      method: 'PUT',
      url: `/api/locations/${id}/`,
      headers: { authorization: await t.login('admin@demo.local'), 'accept-language': 'es' },
      payload: body({ gln: '843701299999' }),
    });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().errors.gln).toEqual(['Introduzca un GLN válido: 13 dígitos, el último su dígito de control GS1.']);
    // Another location's GLN (the demo's CD-MAD): 409.
    const madrid = (await call('GET', '/api/locations/?code__icontains=CD-MAD', 'admin@demo.local')).json().results[0];
    expect(madrid.gln).toMatch(/^\d{13}$/);
    const taken = await call('PUT', `/api/locations/${id}/`, 'admin@demo.local', body({ gln: madrid.gln }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.gln).toEqual(['Another location of the company already has this GLN.']);
    // Left out: unchanged; empty: cleared.
    expect((await call('PUT', `/api/locations/${id}/`, 'admin@demo.local', body())).json().gln).toBe('8437012999992');
    expect((await call('PUT', `/api/locations/${id}/`, 'admin@demo.local', body({ gln: '' }))).json().gln).toBeNull();
    // A role that may not edit locations is refused before its GLN is looked at.
    const refused = await call('PUT', `/api/locations/${id}/`, 'editor@demo.local', body({ gln: '8437012999992' }));
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/api/locations/${id}/`, 'admin@demo.local')).json().gln).toBeNull();
  });

  it('answers 404 for a foreign location', async () => {
    await adminTest.expectRefusals(call, [
      [404, 'PUT', `/api/locations/${foreign.locationId}/`, 'admin@demo.local', body()],
      [404, 'GET', `/api/locations/${foreign.locationId}/areas/`, 'admin@demo.local'],
    ]);
  });

  it('stores an image logo told by its magic bytes, and refuses other files and big ones', async () => {
    const id = (await call('GET', '/api/locations/?code=CD-BCN', 'admin@demo.local')).json().results[0].id;
    const auth = { authorization: await t.login('admin@demo.local') };
    const up = (bytes: Buffer, type?: string, loc = id) => {
      const m = multipart('logo', 'logo.png', bytes, type);
      return t.app.inject({
        method: 'PUT',
        url: `/api/locations/${loc}/logo/`,
        payload: m.payload,
        headers: { ...m.headers, ...auth },
      });
    };
    const ok = await up(PNG);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().logo).toBe(`/api/locations/${id}/logo/`);
    const got = await t.app.inject({ url: `/api/locations/${id}/logo/`, headers: auth });
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);

    const text = await up(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.logo).toEqual([en(LOGO_NOT_IMAGE)]);
    const big = await up(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.logo).toEqual([en(LOGO_TOO_LARGE)]);
    const json = await call('PUT', `/api/locations/${id}/logo/`, 'admin@demo.local', { logo: 'x' });
    expect(json.statusCode).toBe(400);
    expect((await up(PNG, 'image/png', foreign.locationId)).statusCode).toBe(404);
    const viewer = await t.app.inject({
      url: `/api/locations/${id}/logo/`,
      headers: { authorization: await t.login('viewer@demo.local') },
    });
    expect(viewer.statusCode).toBe(404);
  });

  it('downloads the billing CSV of active locations for role 1 only', async () => {
    const r = await call('GET', '/api/active_locations_all/', 'admin@demo.local');
    expect(r.headers['content-disposition']).toContain('attachment');
    const lines = csvLinesOf(r);
    expect(lines[0]).toBe(
      'Id;Código;Descripción;Tipo;Marca;Calle;Número;Ciudad;Código postal;País;Correo electrónico;Teléfono;Alta',
    );
    expect(r.body).toContain('"Centro de distribución"');
    expect(r.body).toContain('CD-MAD');
    expect(r.body).not.toContain('X-CD-1');
    expect((await call('GET', '/api/active_locations_all/', 'brand@demo.local')).statusCode).toBe(403);
  });
});
