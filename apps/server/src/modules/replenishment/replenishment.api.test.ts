import { randomUUID } from 'node:crypto';
import { InventoryState, ItemState } from '@rfid/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { inventories, items, readingSets, replenishmentPicks } from '../../db/schema/index.js';
import {
  addForeignCompany,
  areaIdByDescription,
  type CallAs,
  expectFieldErrors,
  expectRefusals,
  type ForeignCompany,
} from '../../test/admin-fixtures.js';
import { demoReaders } from '../../test/demo-readers.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { companyStock } from '../inventory/inventory.fixtures.js';
import { DEMO_EMAIL, type InboundIds, loadInboundIds } from '../orders/inbound-fixtures.js';

/**
 * Replenishment end to end (issue 26, item 4): floor targets, the pick list, the picks of a phone, NOSBOS, and the floor
 * sighting through POST /api/readingsets/: the demo handheld of T-MAD-01's sales floor (HH-T01-01, working mode 2)
 * reading stockroom items moves them to the floor once.
 */
const OUTSIDER = DEMO_EMAIL.printer; // role 4, not T-MAD-01
const HANDHELD = demoReaders.storeHandheld;

type Line = {
  gtin: string;
  target: number;
  on_floor: number;
  in_stockroom: number;
  missing: number;
  to_pick: number;
  picked: number | null;
  areas: { description: string; count: number }[];
  epcs: string[];
};

describe('replenishment (floor targets, pick list, picks, NOSBOS, floor sighting)', () => {
  let t: TestApp;
  let ids: InboundIds;
  let foreign: ForeignCompany;
  let call: CallAs;
  let store: number;
  let stockroom: number;
  let floor: number;
  let g: string[];
  let stock: Record<string, string[]>;
  let onFloor: Record<string, string[]>;
  let elsewhere: string[];
  const stockIn = companyStock(() => ({ db: t.database.db, companyId: ids.companyId }));

  const areaOf = (locationId: number, description: string) => areaIdByDescription(t.database.db, locationId, description);
  const lineOf = async (gtin: string, who = DEMO_EMAIL.editor): Promise<Line | undefined> => {
    const r = await call('GET', `/api/locations/${store}/replenishment/?gtin=${gtin}`, who);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().results as Line[]).find((l) => l.gtin === gtin);
  };
  const summary = async () => (await call('GET', `/api/locations/${store}/replenishment/summary/`, DEMO_EMAIL.editor)).json();
  const postSet = (epcs: string[], id = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/readingsets/',
      payload: { id, device: HANDHELD.device, start_time: '2026-11-10T10:00:00Z', end_time: '2026-11-10T10:00:05Z', epcs },
      headers: { authorization: `Device ${HANDHELD.key}` },
    });
  const placeOf = async (epcs: string[]) =>
    t.database.db
      .select({ epc: items.epc, state: items.state, areaId: items.areaId, locationId: items.locationId })
      .from(items)
      .where(inArray(items.epc, epcs));

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await loadInboundIds(t.database.db);
    foreign = await addForeignCompany(t.database.db);
    call = async (method, url, who, payload) => t.call(method, url, await t.login(who), payload);
    store = ids.locations['T-MAD-01'] as number;
    stockroom = await areaOf(store, 'Almacén tienda');
    floor = await areaOf(store, 'Sala de ventas');
    g = ids.gtins.slice(0, 4).map((x) => x.gtin);
    const [g0, g1, g2, g3] = g as [string, string, string, string];
    stock = await stockIn(store, stockroom, [g0, 3], [g1, 2], [g2, 5]);
    onFloor = await stockIn(store, floor, [g1, 1], [g2, 1]);
    // The same GTIN stocked in another store: a handheld of T-MAD-01 seeing it must not take it.
    const bcn = ids.locations['T-BCN-01'] as number;
    elsewhere = (await stockIn(bcn, await areaOf(bcn, 'Almacén tienda'), [g3, 1]))[g3] as string[];
  });
  afterAll(async () => t.close());

  it('lists what the floor misses and the stockroom holds, with its areas and EPCs (default target: one per GTIN)', async () => {
    const [g0, g1, g2] = g as [string, string, string];
    expect(await lineOf(g0)).toMatchObject({
      target: 1,
      on_floor: 0,
      in_stockroom: 3,
      missing: 1,
      to_pick: 1,
      picked: null,
      areas: [{ description: 'Almacén tienda', count: 3 }],
      epcs: [...(stock[g0] as string[])].sort(),
    });
    // One on the floor meets the default target.
    expect(await lineOf(g1)).toBeUndefined();
    expect(await lineOf(g2)).toBeUndefined();
    const all = (await call('GET', `/api/locations/${store}/replenishment/?limit=100`, DEMO_EMAIL.viewer)).json();
    expect(all.count).toBeGreaterThanOrEqual(1);
    for (const line of all.results as Line[]) {
      expect(line.to_pick).toBeGreaterThan(0);
      expect(line.to_pick).toBeLessThanOrEqual(line.in_stockroom);
    }
  });

  it('floor targets: a GTIN wins over its section, which wins over the default; an override can be taken away', async () => {
    const [, g1, g2] = g as [string, string, string];
    const url = `/api/locations/${store}/floor_targets/`;
    const set = await call('PUT', url, DEMO_EMAIL.editor, { gtin: g2, target: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().overrides).toEqual([expect.objectContaining({ gtin: g2, section: null, target: 3 })]);
    expect(await lineOf(g2)).toMatchObject({ target: 3, on_floor: 1, in_stockroom: 5, missing: 2, to_pick: 2 });
    // Upsert: the same GTIN again replaces its target.
    expect((await call('PUT', url, DEMO_EMAIL.editor, { gtin: g2, target: 9 })).json().overrides).toHaveLength(1);
    expect(await lineOf(g2)).toMatchObject({ target: 9, to_pick: 5 });

    // A section's target applies to the GTINs of the section without their own.
    const { section: name } = (await lineOf(g[0] as string)) as Line & { section: string };
    const bySection = await call('PUT', url, DEMO_EMAIL.admin, { section: name, target: 4 });
    expect(bySection.statusCode, bySection.body).toBe(200);
    const sectionTarget = (bySection.json().overrides as { id: number; section: string | null; target: number }[]).find(
      (o) => o.section === name,
    );
    expect(sectionTarget).toMatchObject({ target: 4 });
    expect(await lineOf(g[0] as string)).toMatchObject({ target: 4, to_pick: 3 });
    expect((await call('DELETE', `${url}${sectionTarget?.id}/`, DEMO_EMAIL.editor)).statusCode).toBe(204);

    expect((await call('PUT', url, DEMO_EMAIL.admin, { target: 2 })).json().default).toBe(2);
    expect(await lineOf(g1)).toMatchObject({ target: 2, on_floor: 1, to_pick: 1 });
    expect((await call('PUT', url, DEMO_EMAIL.admin, { target: 1 })).json().default).toBe(1);

    const targets = (await call('GET', url, DEMO_EMAIL.viewer)).json();
    for (const o of targets.overrides as { id: number }[]) {
      expect((await call('DELETE', `${url}${o.id}/`, DEMO_EMAIL.editor)).statusCode).toBe(204);
    }
    expect((await call('GET', url, DEMO_EMAIL.editor)).json()).toEqual({ default: 1, overrides: [] });
    expect(await lineOf(g2)).toBeUndefined();
    expect((await call('DELETE', `${url}999999/`, DEMO_EMAIL.editor)).statusCode).toBe(404);
  });

  it('a phone picks a line (marked until the floor sees it) or skips it (gone for the day); NOSBOS counts empty floors', async () => {
    const [g0, g1] = g as [string, string];
    const before = await summary();
    expect(before.nosbos).toBeGreaterThanOrEqual(1);
    expect(before.lines).toBeGreaterThanOrEqual(before.nosbos);
    const picked = await call('POST', `/api/locations/${store}/replenishment/picks/`, DEMO_EMAIL.editor, {
      gtin: g0,
      status: 'picked',
    });
    expect(picked.statusCode, picked.body).toBe(201);
    expect(picked.json()).toMatchObject({ gtin: g0, status: 'picked', quantity: 1 });
    expect(await lineOf(g0)).toMatchObject({ picked: 1, to_pick: 1 });

    // g1 becomes a line with a target of 2, then is skipped: hidden from the list, still counted by the summary.
    await call('PUT', `/api/locations/${store}/floor_targets/`, DEMO_EMAIL.editor, { gtin: g1, target: 2 });
    expect(await lineOf(g1)).toBeDefined();
    const skipped = await call('POST', `/api/locations/${store}/replenishment/picks/`, DEMO_EMAIL.admin, {
      gtin: g1,
      status: 'skipped',
    });
    expect(skipped.statusCode, skipped.body).toBe(201);
    expect(await lineOf(g1)).toBeUndefined();
    expect((await summary()).lines).toBe(before.lines + 1);
  });

  it("a pick with the app's id is stored once: a resend answers the first pick and changes nothing", async () => {
    const [, , g2] = g as [string, string, string];
    const picks = `/api/locations/${store}/replenishment/picks/`;
    const id = randomUUID();
    const storedOf = async () =>
      t.database.db
        .select({ id: replenishmentPicks.id, quantity: replenishmentPicks.quantity })
        .from(replenishmentPicks)
        .where(eq(replenishmentPicks.clientId, id));
    const first = await call('POST', picks, DEMO_EMAIL.editor, { id, gtin: g2, status: 'picked', quantity: 2 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ gtin: g2, status: 'picked', quantity: 2 });
    // The answer was lost: the queue sends the same pick again (its id upper case this time), then once more.
    const again = await call('POST', picks, DEMO_EMAIL.editor, { id: id.toUpperCase(), gtin: g2, status: 'picked', quantity: 2 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await call('POST', picks, DEMO_EMAIL.editor, { id, gtin: g2, status: 'picked', quantity: 2 })).statusCode).toBe(200);
    expect(await storedOf()).toEqual([{ id: first.json().id, quantity: 2 }]);

    // The id of another pick (another status, another user, another store) is refused, and nothing is stored.
    const taken = await call('POST', picks, DEMO_EMAIL.editor, { id, gtin: g2, status: 'skipped' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toBe('This pick id was already used for another pick.');
    expect((await call('POST', picks, DEMO_EMAIL.admin, { id, gtin: g2, status: 'picked', quantity: 2 })).statusCode).toBe(409);
    const bcn = ids.locations['T-BCN-01'] as number;
    expect(
      (await call('POST', `/api/locations/${bcn}/replenishment/picks/`, DEMO_EMAIL.admin, { id, gtin: g2, status: 'picked' }))
        .statusCode,
    ).toBe(409);
    // A read-only role and a store out of the user's scope are refused before the id is looked at.
    await expectRefusals(call, [
      [403, 'POST', picks, DEMO_EMAIL.viewer, { id, gtin: g2, status: 'picked', quantity: 2 }],
      [404, 'POST', picks, OUTSIDER, { id, gtin: g2, status: 'picked', quantity: 2 }],
      [
        404,
        'POST',
        `/api/locations/${foreign.locationId}/replenishment/picks/`,
        DEMO_EMAIL.admin,
        { id: randomUUID(), gtin: g2, status: 'picked' },
      ],
    ]);
    expect(await storedOf()).toHaveLength(1);
    await expectFieldErrors(call('POST', picks, DEMO_EMAIL.editor, { id: 'not-a-uuid', gtin: g2, status: 'picked' }), {
      id: ['id must be a UUID.'],
    });
  });

  it('the sales floor handheld moves the stockroom items it sees to the floor, once; others stay', async () => {
    const [g0, , g2] = g as [string, string, string];
    const seen = stock[g0] as string[];
    const nosbos = (await summary()).nosbos;
    const epcs = [...seen, ...(onFloor[g2] as string[]), ...elsewhere];
    const id = randomUUID();
    const first = await postSet(epcs, id);
    expect(first.statusCode, first.body).toBe(201);
    // The inventory handler still takes the set (the demo's floor inventory is open): replenishment does not get in its way.
    const [set] = await t.database.db
      .select({ claimedBy: readingSets.claimedBy })
      .from(readingSets)
      .where(eq(readingSets.id, id));
    expect(set?.claimedBy).toBe('inventory');
    for (const item of await placeOf(seen))
      expect(item).toMatchObject({ state: ItemState.Stocked, areaId: floor, locationId: store });
    const [other] = await placeOf(elsewhere);
    expect(other?.locationId).toBe(ids.locations['T-BCN-01']);
    expect(await lineOf(g0)).toBeUndefined();
    expect((await summary()).nosbos).toBe(nosbos - 1);

    // A resend of the same set, then a new set of the same tags: nothing moves again, the floor counts each item once.
    expect((await postSet(epcs, id)).statusCode).toBe(200);
    expect((await postSet(seen)).statusCode).toBe(201);
    const floorCount = await t.database.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.areaId, floor), inArray(items.epc, seen)));
    expect(floorCount).toHaveLength(3);
    const moves = await t.database.db.execute(
      `select count(*)::int as n from traces where epc = '${seen[0]}' and area1_id = ${stockroom} and area2_id = ${floor}`,
    );
    expect(rowsOf<{ n: number }>(moves)[0]?.n).toBe(1);

    // The floor's open inventory took the sets' reads; validating it leaves the replenished units where they are.
    const [open] = await t.database.db
      .select({ id: inventories.id })
      .from(inventories)
      .where(and(eq(inventories.areaId, floor), inArray(inventories.state, [InventoryState.Pending, InventoryState.Computing])));
    expect(open).toBeDefined();
    const validated = await call('PUT', `/api/inventorys/${open?.id}/`, DEMO_EMAIL.admin, { state: InventoryState.Validated });
    expect(validated.statusCode, validated.body).toBe(200);
    for (const item of await placeOf(seen))
      expect(item).toMatchObject({ state: ItemState.Stocked, areaId: floor, locationId: store });
  });

  it('refuses bad bodies with the field named', async () => {
    const [g0] = g as [string];
    const targets = `/api/locations/${store}/floor_targets/`;
    const picks = `/api/locations/${store}/replenishment/picks/`;
    await expectFieldErrors(call('PUT', targets, DEMO_EMAIL.editor, { gtin: g0, target: -1 }), {
      target: ['Ensure this value is greater than or equal to 0.'],
    });
    expect((await call('PUT', targets, DEMO_EMAIL.editor, { gtin: g0, section: 'X', target: 1 })).json().errors).toHaveProperty(
      'section',
    );
    expect((await call('PUT', targets, DEMO_EMAIL.editor, { gtin: 'abc', target: 1 })).json().errors).toHaveProperty('gtin');
    expect((await call('POST', picks, DEMO_EMAIL.editor, { gtin: g0, status: 'done' })).json().errors).toHaveProperty('status');
    expect(
      (await call('POST', picks, DEMO_EMAIL.editor, { gtin: g0, status: 'picked', quantity: 0 })).json().errors,
    ).toHaveProperty('quantity');
    const stranger = await call('POST', picks, DEMO_EMAIL.editor, { gtin: '12345678901231', status: 'picked' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toHaveProperty('gtin');
    expect((await call('GET', `/api/locations/${store}/replenishment/?limit=0`, DEMO_EMAIL.editor)).statusCode).toBe(400);
  });

  it('refuses a read-only role, another location and another company', async () => {
    const [g0] = g as [string];
    const mine = `/api/locations/${store}`;
    const theirs = `/api/locations/${foreign.locationId}`;
    await expectRefusals(call, [
      [403, 'PUT', `${mine}/floor_targets/`, DEMO_EMAIL.viewer, { target: 2 }],
      [403, 'POST', `${mine}/replenishment/picks/`, DEMO_EMAIL.viewer, { gtin: g0, status: 'skipped' }],
      [403, 'DELETE', `${mine}/floor_targets/1/`, DEMO_EMAIL.viewer],
      [404, 'GET', `${mine}/replenishment/`, OUTSIDER],
      [404, 'GET', `${mine}/replenishment/summary/`, OUTSIDER],
      [404, 'GET', `${mine}/floor_targets/`, OUTSIDER],
      [404, 'PUT', `${mine}/floor_targets/`, OUTSIDER, { target: 2 }],
      [404, 'POST', `${mine}/replenishment/picks/`, OUTSIDER, { gtin: g0, status: 'skipped' }],
      [404, 'GET', `${theirs}/replenishment/`, DEMO_EMAIL.admin],
      [404, 'GET', `${theirs}/floor_targets/`, DEMO_EMAIL.admin],
      [404, 'PUT', `${theirs}/floor_targets/`, DEMO_EMAIL.admin, { target: 2 }],
      [404, 'POST', `${theirs}/replenishment/picks/`, DEMO_EMAIL.admin, { gtin: g0, status: 'skipped' }],
      [404, 'GET', `${mine}/replenishment/`, foreign.email],
    ]);
  });
});
