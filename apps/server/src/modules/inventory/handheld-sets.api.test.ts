import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, items, locations, readingSets } from '../../db/schema/index.js';
import { type CallAs, expectFieldErrors, expectRefusals, type ForeignCompany, openAdminTest } from '../../test/admin-fixtures.js';
import type { TestApp } from '../../test/helpers.js';
import { DEMO_EMAIL } from '../orders/inbound-fixtures.js';

/**
 * POST /api/locations/{id}/handheld_sets/ (issue 32): the handheld app's count of an area is a reading set of the
 * area's handheld reader (T-MAD-01's sales floor: HH-T01-01), stored once whatever the resends, with the user's role
 * and location scope.
 */
describe('handheld app sets', () => {
  let t: TestApp;
  let call: CallAs;
  let foreign: ForeignCompany;
  let store: number;
  let floor: number;
  let till: number;
  let otherStoreArea: number;
  const epcs = ['3036029B0C3A4C00000A0001', '3036029B0C3A4C00000A0002', '3036029B0C3A4C00000A0003'];
  const body = (id: string, area: number, list = epcs) => ({
    id,
    area,
    start_time: '2026-11-30T10:00:00Z',
    end_time: '2026-11-30T10:00:05Z',
    epcs: list,
  });

  beforeAll(async () => {
    ({ t, call, foreign } = await openAdminTest());
    const areaOf = async (code: string, description: string) => {
      const [row] = await t.database.db
        .select({ id: areas.id })
        .from(areas)
        .innerJoin(locations, eq(locations.id, areas.locationId))
        .where(and(eq(locations.code, code), eq(areas.description, description)));
      if (!row) throw new Error(`no area ${description} in ${code}`);
      return row.id;
    };
    floor = await areaOf('T-MAD-01', 'Sala de ventas');
    till = await areaOf('T-MAD-01', 'Caja');
    otherStoreArea = await areaOf('T-BCN-01', 'Sala de ventas');
    const [row] = await t.database.db.select({ locationId: areas.locationId }).from(areas).where(eq(areas.id, floor));
    store = row?.locationId as number;
  });
  afterAll(async () => t.close());

  it("stores the count as the floor handheld's set, once: a resend of its id answers 200 and stores nothing", async () => {
    const id = randomUUID();
    const first = await call('POST', `/api/locations/${store}/handheld_sets/`, DEMO_EMAIL.editor, body(id, floor));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ id, area: floor, location: store, working_mode: 2, epc_count: 3, created: true });
    const again = await call('POST', `/api/locations/${store}/handheld_sets/`, DEMO_EMAIL.editor, body(id.toUpperCase(), floor));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id, created: false });
    const sets = await t.database.db.select({ id: readingSets.id }).from(readingSets).where(eq(readingSets.id, id));
    expect(sets).toHaveLength(1);
    const seen = await t.database.db
      .select({ epc: items.epc })
      .from(items)
      .where(and(inArray(items.epc, epcs), eq(items.areaId, floor)));
    expect(seen.map((row) => row.epc).sort()).toEqual(epcs);
  });

  it("refuses a role that may not count (403), a store out of the user's scope (404), an area of another store (400), an area with no handheld (409)", async () => {
    await expectRefusals(call, [
      [403, 'POST', `/api/locations/${store}/handheld_sets/`, DEMO_EMAIL.viewer, body(randomUUID(), floor)],
      [403, 'POST', `/api/locations/${store}/handheld_sets/`, DEMO_EMAIL.printer, body(randomUUID(), floor)],
      [404, 'POST', `/api/locations/${foreign.locationId}/handheld_sets/`, DEMO_EMAIL.editor, body(randomUUID(), foreign.areaId)],
    ]);
    await expectFieldErrors(
      call('POST', `/api/locations/${store}/handheld_sets/`, DEMO_EMAIL.editor, body(randomUUID(), otherStoreArea)),
      {
        area: ['This area is not one of the location.'],
      },
    );
    const none = await call('POST', `/api/locations/${store}/handheld_sets/`, DEMO_EMAIL.editor, body(randomUUID(), till));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This area has no handheld reader: add one in Devices to count it.');
    await expectFieldErrors(
      call('POST', `/api/locations/${store}/handheld_sets/`, DEMO_EMAIL.editor, body(randomUUID(), floor, ['not-hex'])),
      { 'epcs.0': ['An EPC is 4 to 128 hexadecimal digits.'] },
    );
  });
});
