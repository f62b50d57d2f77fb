import { AREA_KIND_MESSAGE, AreaKind, ItemState } from '@rfid/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
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

  it("an area's stock is what it holds now: its items in stock and its counted stock (+ the figure typed at add)", async () => {
    const listed = (await call('GET', `/api/locations/${cdMad}/areas/?limit=100`, 'admin@demo.local')).json().results as {
      id: number;
      stock: number;
    }[];
    const held = rowsOf<{ area_id: number; n: number }>(
      await t.database.db.execute(
        sql`select a.id as area_id, a.stock + coalesce(sum(s.quantity), 0)::int as n
          from areas a left join stock_now s on s.area_id = a.id where a.location_id = ${cdMad} group by a.id`,
      ),
    );
    expect(held.some((h) => h.n > 0)).toBe(true);
    for (const area of listed) expect(area.stock, `area ${area.id}`).toBe(held.find((h) => h.area_id === area.id)?.n);
    const [stocked] = rowsOf<{ area_id: number; n: number }>(
      await t.database.db.execute(
        sql`select area_id, count(*)::int as n from items where state = ${ItemState.Stocked} and area_id is not null
          and area_id in (select id from areas where location_id = ${cdMad}) group by area_id order by n desc limit 1`,
      ),
    );
    expect(stocked).toBeDefined();
    const one = (await call('GET', `/api/areas/${stocked?.area_id}/`, 'admin@demo.local')).json();
    expect(one.stock).toBeGreaterThanOrEqual(stocked?.n ?? 1);
  });

  it('sets a GLN extension (the SGLN of the area), checked, unique in the location, kept when left out', async () => {
    const created = await call('POST', '/api/areas/', 'admin@demo.local', {
      stock: 0,
      description: 'Muelle 7',
      location_id: cdMad,
      gln_extension: '77',
    });
    expect(created.statusCode).toBe(201);
    const area = created.json();
    expect(area.gln_extension).toBe('77');
    // The demo's areas have theirs: 1, 2, 3 in each location.
    const demo = (await call('GET', `/api/locations/${cdMad}/areas/?limit=100`, 'admin@demo.local')).json().results as {
      id: number;
      gln_extension: string | null;
    }[];
    const taken = demo.find((a) => a.id !== area.id && a.gln_extension);
    expect(taken?.gln_extension).toMatch(/^\d+$/);
    const dup = await call('PUT', `/api/areas/${area.id}/`, 'admin@demo.local', {
      description: 'Muelle 7',
      location_id: cdMad,
      gln_extension: taken?.gln_extension,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.gln_extension).toEqual(['Another area of this location already has this GLN extension.']);
    const bad = await call('PUT', `/api/areas/${area.id}/`, 'admin@demo.local', {
      description: 'Muelle 7',
      location_id: cdMad,
      gln_extension: 'with space',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.gln_extension).toEqual(['Enter a valid GLN extension: 1 to 20 letters, digits or GS1 symbols.']);
    const kept = await call('PUT', `/api/areas/${area.id}/`, 'admin@demo.local', { description: 'Muelle 8', location_id: cdMad });
    expect(kept.json()).toMatchObject({ description: 'Muelle 8', gln_extension: '77' });
    const refused = await call('PUT', `/api/areas/${area.id}/`, 'viewer@demo.local', {
      description: 'Muelle 8',
      location_id: cdMad,
      gln_extension: '78',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/api/areas/${area.id}/`, 'admin@demo.local')).json().gln_extension).toBe('77');
  });

  it('adds an area of a kind (other when left out), edits its kind, keeps it when left out and refuses an unknown one', async () => {
    const plain = await call('POST', '/api/areas/', 'admin@demo.local', {
      stock: 0,
      description: 'Zona sin tipo',
      location_id: cdMad,
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().kind).toBe(AreaKind.Other);
    const created = await call('POST', '/api/areas/', 'admin@demo.local', {
      stock: 0,
      description: 'Probador 1',
      location_id: cdMad,
      kind: AreaKind.FittingRoom,
    });
    expect(created.statusCode).toBe(201);
    const area = created.json();
    expect(area.kind).toBe(AreaKind.FittingRoom);
    const put = await call('PUT', `/api/areas/${area.id}/`, 'admin@demo.local', {
      description: 'Muelle norte',
      location_id: cdMad,
      kind: AreaKind.Dock,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().kind).toBe(AreaKind.Dock);
    const kept = await call('PUT', `/api/areas/${area.id}/`, 'admin@demo.local', { description: 'Muelle N', location_id: cdMad });
    expect(kept.json()).toMatchObject({ description: 'Muelle N', kind: AreaKind.Dock });
    const listed = (await call('GET', `/api/locations/${cdMad}/areas/?limit=100`, 'admin@demo.local')).json().results as {
      id: number;
      kind: string;
    }[];
    expect(listed.find((a) => a.id === area.id)?.kind).toBe(AreaKind.Dock);
    for (const [method, url] of [
      ['POST', '/api/areas/'],
      ['PUT', `/api/areas/${area.id}/`],
    ] as const) {
      const bad = await call(method, url, 'admin@demo.local', { stock: 0, description: 'x', location_id: cdMad, kind: 'roof' });
      expect(bad.statusCode, `${method} ${url}`).toBe(400);
      expect(bad.json().errors.kind).toEqual([AREA_KIND_MESSAGE]);
    }
    expect((await call('GET', `/api/areas/${area.id}/`, 'admin@demo.local')).json().kind).toBe(AreaKind.Dock);
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
