import { ExitAlarmStatus, ItemState } from '@rfid/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epcisEvents, exitAlarms, items, liveEvents, readingSets, users } from '../../db/schema/index.js';
import { addForeignCompany, type ForeignCompany, locationIdByCode } from '../../test/admin-fixtures.js';
import { demoReaders } from '../../test/demo-readers.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { newEpcs, postSet } from '../movements/outbound-fixtures.js';
import { type InboundIds, loadInboundIds } from '../orders/inbound-fixtures.js';

/**
 * Exit alarms end to end (issue 26): sets of the demo's exit gate EXIT-T01-01 (working mode 8) through
 * POST /api/readingsets/, the alarms' list, one alarm, the bell's count and the resolution, with the refusals.
 */
describe('exit alarms', () => {
  let t: TestApp;
  let ids: InboundIds;
  let foreign: ForeignCompany;
  let store: number;
  let bcn: number;
  let gtin: string;
  const { storeGate: gate, storeTill: till } = demoReaders;
  const as = async (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.call(method, url, await t.login(who), payload);
  const alarmsOf = (epc: string) => t.database.db.select().from(exitAlarms).where(eq(exitAlarms.epc, epc));

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await loadInboundIds(t.database.db);
    foreign = await addForeignCompany(t.database.db);
    // The other company's user is its administrator: every refusal of theirs below is the scope's, not the role's.
    await t.database.db.update(users).set({ role: 1 }).where(eq(users.id, foreign.userId));
    store = await locationIdByCode(t.database.db, 'T-MAD-01');
    bcn = await locationIdByCode(t.database.db, 'T-BCN-01');
    gtin = ids.gtins[0]?.gtin as string;
  });
  afterAll(async () => t.close());

  describe('through ingestion (the exit gate, mode 8)', () => {
    it('an unsold tag raises one alarm; read again within the window it is the same alarm, reads 2; later a new one', async () => {
      const [epc] = newEpcs(gtin, 1) as [string];
      const first = await postSet(t, { ...gate, epcs: [epc], at: '2026-05-02T10:00:00Z' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().claimed_by).toBe('exit-gate');
      expect(await alarmsOf(epc)).toMatchObject([{ reads: 1, status: ExitAlarmStatus.Open, locationId: store }]);

      await postSet(t, { ...gate, epcs: [epc], at: '2026-05-02T10:00:40Z' });
      const [same] = await alarmsOf(epc);
      expect(same).toMatchObject({ reads: 2 });
      expect(same?.lastReadAt.toISOString()).toBe('2026-05-02T10:00:40.000Z');
      expect(same?.firstReadAt.toISOString()).toBe('2026-05-02T10:00:00.000Z');

      // 61 s after the last read: outside the window, a new alarm.
      await postSet(t, { ...gate, epcs: [epc], at: '2026-05-02T10:01:41Z' });
      expect((await alarmsOf(epc)).map((a) => a.reads).sort()).toEqual([1, 2]);
      // Nothing moved: the gate only alarms.
      const [item] = await t.database.db.select().from(items).where(eq(items.epc, epc));
      expect(item?.state).toBe(ItemState.Unknown);
    });

    it('a read after the alarm was resolved raises a new one, even within the window (a decision is not a mute)', async () => {
      const [epc] = newEpcs(gtin, 1) as [string];
      await postSet(t, { ...gate, epcs: [epc], at: '2026-05-02T14:00:00Z' });
      const [first] = await alarmsOf(epc);
      const admin = await t.login('admin@demo.local');
      const resolved = await t.app.inject({
        method: 'POST',
        url: `/api/exit_alarms/${first?.id}/resolve/`,
        headers: { authorization: admin },
        payload: { status: ExitAlarmStatus.FalseAlarm },
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
      await postSet(t, { ...gate, epcs: [epc], at: '2026-05-02T14:00:20Z' });
      const rows = await alarmsOf(epc);
      expect(rows.map((a) => [a.status, a.reads]).sort()).toEqual([
        [ExitAlarmStatus.FalseAlarm, 1],
        [ExitAlarmStatus.Open, 1],
      ]);
    });

    it('a sold tag passes in silence (the set is still the gate’s)', async () => {
      const [epc] = newEpcs(gtin, 1) as [string];
      expect((await postSet(t, { ...till, epcs: [epc], at: '2026-05-02T11:00:00Z' })).json().claimed_by).toBe('pos-sale');
      const passed = await postSet(t, { ...gate, epcs: [epc], at: '2026-05-02T11:00:30Z' });
      expect(passed.json().claimed_by).toBe('exit-gate');
      expect(await alarmsOf(epc)).toEqual([]);
    });

    it('one set of several tags: one alarm per unsold item, each counted again by the next pass, the sold one never', async () => {
      const epcs = newEpcs(gtin, 4);
      const [sold, ...unsold] = epcs as [string, ...string[]];
      await postSet(t, { ...till, epcs: [sold], at: '2026-05-02T13:00:00Z' });
      await postSet(t, { ...gate, epcs, at: '2026-05-02T13:00:10Z' });
      await postSet(t, { ...gate, epcs: [...epcs].reverse(), at: '2026-05-02T13:00:20Z' });
      const rows = await t.database.db.select().from(exitAlarms).where(inArray(exitAlarms.epc, epcs));
      expect(rows.map((r) => [r.epc, r.reads]).sort()).toEqual(unsold.map((epc) => [epc, 2]).sort());
    });

    it('a resent set (same id) does not count twice; the alarm is a live row of its transaction', async () => {
      const [epc] = newEpcs(gtin, 1) as [string];
      const payload = {
        id: '0f0e0d0c-0b0a-4908-8706-050403020100',
        start_time: '2026-05-02T12:00:00Z',
        end_time: '2026-05-02T12:00:01Z',
        epcs: [epc],
      };
      const send = () =>
        t.app.inject({ method: 'POST', url: '/api/readingsets/', payload, headers: { authorization: `Device ${gate.key}` } });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).json().created).toBe(false);
      const [alarm] = await alarmsOf(epc);
      expect(alarm?.reads).toBe(1);
      const rows = await t.database.db
        .select()
        .from(liveEvents)
        .where(and(eq(liveEvents.topic, 'exit-alarm'), eq(liveEvents.locationId, store)));
      expect(rows.some((r) => (r.payload as { alarms?: number[] }).alarms?.includes(alarm?.id as number))).toBe(true);
    });
  });

  /** A fresh open alarm of T-MAD-01 for a new tag: its id and EPC. */
  const openAlarm = async (at = '2026-05-03T10:00:00Z') => {
    const [epc] = newEpcs(gtin, 1) as [string];
    await postSet(t, { ...gate, epcs: [epc], at });
    const [alarm] = await alarmsOf(epc);
    return { id: alarm?.id as number, epc };
  };

  describe('GET /api/locations/{id}/exit_alarms/', () => {
    it('lists the location’s alarms with the item’s GTIN fields, latest first; filters status and dates', async () => {
      const { id, epc } = await openAlarm('2026-05-04T10:00:00Z');
      const r = await as('viewer@demo.local', 'GET', `/api/locations/${store}/exit_alarms/?status=open`);
      expect(r.statusCode, r.body).toBe(200);
      const row = r.json().results.find((a: { id: number }) => a.id === id);
      expect(row).toMatchObject({
        epc,
        gtin,
        status: 'open',
        reads: 1,
        location: store,
        area: { description: 'Salida' },
        device: { serial_number: 'EXIT-T01-01' },
        resolved_by: null,
      });
      expect(typeof row.description).toBe('string');
      expect(row).toHaveProperty('size_primary');
      expect(row).toHaveProperty('colour');
      expect(row).toHaveProperty('price');
      expect(row).toHaveProperty('external_image');
      const day = await as(
        'viewer@demo.local',
        'GET',
        `/api/locations/${store}/exit_alarms/?date_start=2026-05-04&date_end=2026-05-04`,
      );
      expect(day.json().results.map((a: { id: number }) => a.id)).toContain(id);
      expect(day.json().results.every((a: { first_read_at: string }) => a.first_read_at.startsWith('2026-05-04'))).toBe(true);
      const lost = await as('viewer@demo.local', 'GET', `/api/locations/${store}/exit_alarms/?status=lost`);
      expect(lost.json().results.every((a: { status: string }) => a.status === 'lost')).toBe(true);
    });

    it('refuses a bad status or date naming the field (400)', async () => {
      const bad = await as('admin@demo.local', 'GET', `/api/locations/${store}/exit_alarms/?status=stolen`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['status']);
      const date = await as('admin@demo.local', 'GET', `/api/locations/${store}/exit_alarms/?date_start=yesterday`);
      expect(date.statusCode).toBe(400);
      expect(Object.keys(date.json().errors)).toEqual(['date_start']);
    });

    it('a location out of scope or of another company is a 404', async () => {
      expect((await as('viewer@demo.local', 'GET', `/api/locations/${bcn}/exit_alarms/`)).statusCode).toBe(404);
      expect((await as('printer@demo.local', 'GET', `/api/locations/${store}/exit_alarms/`)).statusCode).toBe(404);
      expect((await as(foreign.email, 'GET', `/api/locations/${store}/exit_alarms/`)).statusCode).toBe(404);
      expect((await as('admin@demo.local', 'GET', `/api/locations/${foreign.locationId}/exit_alarms/`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/exit_alarms/{id}/ and /api/exit_alarms/count/', () => {
    it('answers one alarm; out of scope, another company or a bad id is refused', async () => {
      const { id, epc } = await openAlarm();
      const r = await as('viewer@demo.local', 'GET', `/api/exit_alarms/${id}/`);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ id, epc, status: 'open', current_state: ItemState.Unknown });
      expect((await as('printer@demo.local', 'GET', `/api/exit_alarms/${id}/`)).statusCode).toBe(404);
      expect((await as(foreign.email, 'GET', `/api/exit_alarms/${id}/`)).statusCode).toBe(404);
      expect((await as('admin@demo.local', 'GET', '/api/exit_alarms/abc/')).statusCode).toBe(400);
    });

    it('counts the open alarms the user sees (all locations, or one); a foreign location is a 404', async () => {
      const before = (await as('viewer@demo.local', 'GET', `/api/exit_alarms/count/?location=${store}`)).json().count;
      await openAlarm();
      const after = await as('viewer@demo.local', 'GET', `/api/exit_alarms/count/?location=${store}`);
      expect(after.json().count).toBe(before + 1);
      expect((await as('viewer@demo.local', 'GET', '/api/exit_alarms/count/')).json().count).toBe(before + 1);
      expect((await as('printer@demo.local', 'GET', '/api/exit_alarms/count/')).json().count).toBe(0);
      expect((await as(foreign.email, 'GET', '/api/exit_alarms/count/')).json().count).toBe(0);
      expect((await as('printer@demo.local', 'GET', `/api/exit_alarms/count/?location=${store}`)).statusCode).toBe(404);
      expect((await as('admin@demo.local', 'GET', '/api/exit_alarms/count/?location=x')).statusCode).toBe(400);
    });
  });

  describe('POST /api/exit_alarms/{id}/resolve/', () => {
    it('marks a false alarm with the user, time and note; a second resolution is a 409 that changes nothing', async () => {
      const { id } = await openAlarm();
      const r = await as('editor@demo.local', 'POST', `/api/exit_alarms/${id}/resolve/`, {
        status: 'false_alarm',
        note: 'staff',
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ status: 'false_alarm', note: 'staff', resolved_by: { email: 'editor@demo.local' } });
      expect(r.json().resolved_at).not.toBeNull();
      const again = await as('admin@demo.local', 'POST', `/api/exit_alarms/${id}/resolve/`, { status: 'lost' });
      expect(again.statusCode).toBe(409);
      const [row] = await t.database.db.select().from(exitAlarms).where(eq(exitAlarms.id, id));
      expect(row).toMatchObject({ status: 'false_alarm', note: 'staff' });
    });

    it('marks lost: the item becomes UNKNOWN in no area through the ledger (exit-lost), in the same transaction', async () => {
      // A demo item STOCKED in the store, read at the gate.
      const [stocked] = await t.database.db
        .select()
        .from(items)
        .where(and(eq(items.locationId, store), eq(items.state, ItemState.Stocked)))
        .limit(1);
      const epc = stocked?.epc as string;
      await postSet(t, { ...gate, epcs: [epc], at: '2026-05-05T10:00:00Z' });
      const [alarm] = await alarmsOf(epc);
      const r = await as('admin@demo.local', 'POST', `/api/exit_alarms/${alarm?.id}/resolve/`, { status: 'lost' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ status: 'lost', item_state: ItemState.Stocked, current_state: ItemState.Unknown });
      const [item] = await t.database.db.select().from(items).where(eq(items.epc, epc));
      expect(item).toMatchObject({ state: ItemState.Unknown, areaId: null, locationId: null });
      const sets = await t.database.db.select().from(readingSets).where(eq(readingSets.claimedBy, 'exit-lost'));
      expect(sets.length).toBeGreaterThan(0);
      // Its EPCIS event: the item left unpaid (CBV disposition stolen).
      const stolen = await t.database.db
        .select()
        .from(epcisEvents)
        .where(and(eq(epcisEvents.disposition, 'stolen'), eq(epcisEvents.locationId, store)));
      expect(stolen).toHaveLength(1);
      expect(stolen[0]).toMatchObject({ bizStep: 'cycle_counting', eventType: 'ObjectEvent' });
      expect(stolen[0]?.document).toMatchObject({ action: 'OBSERVE', epcList: [expect.stringMatching(/^urn:epc:id:sgtin:/)] });
    });

    it('validates the body naming the field (400), refuses a role that does not write (403) and foreign alarms (404)', async () => {
      const { id } = await openAlarm();
      const bad = await as('admin@demo.local', 'POST', `/api/exit_alarms/${id}/resolve/`, { status: 'open' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['status']);
      const long = await as('admin@demo.local', 'POST', `/api/exit_alarms/${id}/resolve/`, {
        status: 'recovered',
        note: 'x'.repeat(501),
      });
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json().errors)).toEqual(['note']);
      expect((await as('viewer@demo.local', 'POST', `/api/exit_alarms/${id}/resolve/`, { status: 'lost' })).statusCode).toBe(403);
      expect((await as('printer@demo.local', 'POST', `/api/exit_alarms/${id}/resolve/`, { status: 'lost' })).statusCode).toBe(
        404,
      );
      expect((await as(foreign.email, 'POST', `/api/exit_alarms/${id}/resolve/`, { status: 'lost' })).statusCode).toBe(404);
      const [row] = await t.database.db
        .select()
        .from(exitAlarms)
        .where(inArray(exitAlarms.id, [id]));
      expect(row).toMatchObject({ status: 'open', resolvedBy: null });
      const ok = await as('editor@demo.local', 'POST', `/api/exit_alarms/${id}/resolve/`, { status: 'recovered' });
      expect(ok.json()).toMatchObject({ status: 'recovered', current_state: ItemState.Unknown });
    });
  });
});
