import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as adminTest from '../../test/admin-fixtures.js';
import type { TestApp } from '../../test/helpers.js';

describe('areas API', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let cdMad: number;
  let cdBcn: number;
  let call: adminTest.CallAs;

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
    cdMad = await adminTest.locationIdByCode(t.database.db, 'CD-MAD');
    cdBcn = await adminTest.locationIdByCode(t.database.db, 'CD-BCN');
  });
  afterAll(async () => t.close());

  it('adds an area (stock sent as text becomes an integer) and edits its description and location', async () => {
    const r = await call('POST', '/api/areas/', 'brand@demo.local', {
      stock: '7',
      description: 'Zona de picking',
      location_id: cdMad,
    });
    expect(r.statusCode).toBe(201);
    const area = r.json();
    expect(area).toMatchObject({
      stock: 7,
      description: 'Zona de picking',
      location_id: cdMad,
      location_description: 'Centro de distribución Madrid',
    });
    const put = await call('PUT', `/api/areas/${area.id}/`, 'admin@demo.local', {
      id: area.id,
      description: 'Picking 2',
      location_id: cdBcn,
      stock: 999,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ description: 'Picking 2', location_id: cdBcn, stock: 7 });
    expect((await call('GET', `/api/areas/${area.id}/`, 'admin@demo.local')).json().description).toBe('Picking 2');
  });

  it("answers the spec's messages", async () => {
    await adminTest.expectFieldErrors(call('POST', '/api/areas/', 'admin@demo.local', {}), {
      stock: ['Please enter stock'],
      description: ["Description can't be empty"],
      location_id: ['Please select distribution center'],
    });
    const blank = await call('POST', '/api/areas/', 'admin@demo.local', { stock: 1, description: '   ', location_id: cdMad });
    expect(blank.json().errors.description).toEqual(["Description can't be empty"]);
    const edit = await call('PUT', '/api/areas/1/', 'admin@demo.local', { description: '' });
    expect(edit.json().errors).toEqual({
      description: ["Description can't be empty"],
      location_id: ['Please select distribution center'],
    });
  });

  it('refuses roles above 2 and foreign locations or areas', async () => {
    const ok = { stock: 0, description: 'x', location_id: cdMad };
    const mine = await adminTest.firstAreaId(call, cdMad);
    await adminTest.expectRefusals(call, [
      [403, 'POST', '/api/areas/', 'editor@demo.local', ok],
      [403, 'POST', '/api/areas/', 'viewer@demo.local', ok],
      [404, 'POST', '/api/areas/', 'admin@demo.local', { ...ok, location_id: foreign.locationId }],
      [404, 'GET', `/api/areas/${foreign.areaId}/`, 'admin@demo.local'],
      [404, 'PUT', `/api/areas/${foreign.areaId}/`, 'admin@demo.local', { description: 'x', location_id: cdMad }],
      [404, 'PUT', `/api/areas/${mine}/`, 'admin@demo.local', { description: 'x', location_id: foreign.locationId }],
    ]);
  });

  it("lists areas within the user's locations, filtered, and a location's areas 11 per page", async () => {
    const all = (await call('GET', '/api/areas/?limit=100', 'admin@demo.local')).json();
    expect(all.results.every((a: { location_id: number }) => a.location_id !== foreign.locationId)).toBe(true);
    const viewer = (await call('GET', '/api/areas/?limit=100', 'viewer@demo.local')).json();
    const tMad = await adminTest.locationIdByCode(t.database.db, 'T-MAD-01');
    expect(viewer.count).toBeGreaterThan(0);
    expect(viewer.results.every((a: { location_id: number }) => a.location_id === tMad)).toBe(true);
    const filtered = (
      await call('GET', `/api/areas/?location_id=${cdMad}&description__icontains=EXPED`, 'admin@demo.local')
    ).json();
    expect(filtered.results.map((a: { description: string }) => a.description)).toEqual(['Expedición']);
    const page = (await call('GET', `/api/locations/${cdMad}/areas/`, 'admin@demo.local')).json();
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.length).toBeLessThanOrEqual(11);
    expect((await call('GET', `/api/locations/${cdMad}/areas/`, 'viewer@demo.local')).statusCode).toBe(404);
  });
});
