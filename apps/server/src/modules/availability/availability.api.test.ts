import { randomUUID } from 'node:crypto';
import { ItemState, ItemStatus, LiveTopic } from '@rfid/contract';
import { createSerialTags } from '@rfid/epc';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, itemTypes, locations } from '../../db/schema/index.js';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { addForeignCompany, areaIdByDescription, type ForeignCompany, locationIdByCode } from '../../test/admin-fixtures.js';
import { buildTestApp, csvLinesOf, type TestApp } from '../../test/helpers.js';
import { DEMO_EMAIL } from '../orders/inbound-fixtures.js';

/**
 * Item status, availability and find-item against a real database (issue 26, items 2, 3 and 6): T-MAD-01 gets items of
 * two item types of one model, some on the sales floor and some in the stockroom.
 */

describe('store floor API: item status, availability, find', () => {
  let t: TestApp;
  let foreign: ForeignCompany;
  let store: number;
  let floor: number;
  let stockroom: number;
  let typeA: { gtin: string; model: string; section: string };
  let typeB: { gtin: string; model: string; section: string };
  const epcsA: string[] = [];
  const epcsB: string[] = [];
  let foreignEpc: string;
  const as = async (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.call(method, url, await t.login(who), payload);
  const scalar = async (query: ReturnType<typeof sql>): Promise<number> => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const availabilityOf = async (gtin: string, who = DEMO_EMAIL.admin) =>
    (await as(who, 'GET', `/api/locations/${store}/availability/?gtin=${gtin}`)).json().results[0];

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    foreign = await addForeignCompany(db);
    store = await locationIdByCode(db, 'T-MAD-01');
    floor = await areaIdByDescription(db, store, 'Sala de ventas');
    stockroom = await areaIdByDescription(db, store, 'Almacén tienda');
    const [location] = await db.select().from(locations).where(eq(locations.id, store));
    const types = await db
      .select()
      .from(itemTypes)
      .where(eq(itemTypes.companyId, location?.companyId as number))
      .orderBy(asc(itemTypes.model), asc(itemTypes.gtin))
      .limit(40);
    // Two sizes of one model.
    const first = types[0];
    const second = types.find((x) => x.model === first?.model && x.gtin !== first?.gtin);
    if (!first || !second) throw new Error('the demo catalogue has no model with two sizes');
    typeA = first;
    typeB = second;
    const nextTag = createSerialTags({ companyPrefixLength: 7, serialBase: 91_000_000_000 });
    const add = async (type: typeof first, areaId: number, count: number, into: string[]) => {
      const rows = Array.from({ length: count }, () => {
        const { epc, serial } = nextTag(type.gtin);
        into.push(epc);
        return {
          companyId: type.companyId,
          epc,
          scheme: 'sgtin-96',
          gtin: type.gtin,
          serial,
          itemTypeId: type.id,
          state: ItemState.Stocked,
          areaId,
          locationId: store,
          lastSeenAt: new Date(),
        };
      });
      await db.insert(items).values(rows);
    };
    await add(first, floor, 3, epcsA);
    await add(first, stockroom, 2, epcsA);
    await add(second, floor, 1, epcsB);
    foreignEpc = nextTag(first.gtin).epc;
    await db.insert(items).values({
      companyId: foreign.companyId,
      epc: foreignEpc,
      scheme: 'sgtin-96',
      gtin: first.gtin,
      state: ItemState.Stocked,
      areaId: foreign.areaId,
      locationId: foreign.locationId,
    });
  });
  afterAll(async () => t.close());

  describe('POST /api/items/status/', () => {
    it('sets a status through the ledger: a history row, an EPCIS disposition, a live availability row', async () => {
      const before = await availabilityOf(typeA.gtin);
      expect(before).toMatchObject({ in_stock: 5, on_floor: 3, in_stockroom: 2, sellable: 5, reserved: 0 });
      const liveBefore = await scalar(sql`select count(*) n from live_events where topic = ${LiveTopic.Availability}`);
      const r = await as(DEMO_EMAIL.editor, 'POST', '/api/items/status/', { epcs: [epcsA[0]], status: ItemStatus.Damaged });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ changed: 1, items: 1 });
      expect(await availabilityOf(typeA.gtin)).toMatchObject({ in_stock: 5, sellable: 4, available_to_promise: 4 });
      expect(
        await scalar(
          sql`select count(*) n from item_status_changes where epc = ${epcsA[0]} and to_status = ${ItemStatus.Damaged} and reason = 'user' and location_id = ${store}`,
        ),
      ).toBe(1);
      expect(
        await scalar(sql`select count(*) n from epcis_events where disposition = 'damaged' and location_id = ${store}`),
      ).toBe(1);
      expect(await scalar(sql`select count(*) n from live_events where topic = ${LiveTopic.Availability}`)).toBe(liveBefore + 1);
      // The same status again changes nothing and writes no history.
      const again = await as(DEMO_EMAIL.editor, 'POST', '/api/items/status/', { epcs: [epcsA[0]], status: ItemStatus.Damaged });
      expect(again.json()).toEqual({ changed: 0, items: 1 });
      expect(await scalar(sql`select count(*) n from item_status_changes where epc = ${epcsA[0]}`)).toBe(1);
    });

    it('reserves with a reference; the tracker and the history show it', async () => {
      const r = await as(DEMO_EMAIL.admin, 'POST', '/api/items/status/', {
        epcs: [epcsA[1], epcsA[1]],
        status: ItemStatus.Reserved,
        reference: 'WEB-000123',
        source: 'handheld',
      });
      expect(r.json()).toEqual({ changed: 1, items: 1 });
      expect(await availabilityOf(typeA.gtin)).toMatchObject({ sellable: 3, reserved: 1, available_to_promise: 3 });
      const [item] = (await as(DEMO_EMAIL.admin, 'POST', '/api/epc/retrieve/', { epc: epcsA[1] })).json();
      expect(item).toMatchObject({ status: ItemStatus.Reserved, status_ref: 'WEB-000123' });
      const history = (await as(DEMO_EMAIL.viewer, 'GET', `/api/items/${item.id}/status_changes/`)).json();
      expect(history.results).toEqual([
        expect.objectContaining({
          from_status: ItemStatus.Sellable,
          to_status: ItemStatus.Reserved,
          reference: 'WEB-000123',
          reason: 'handheld',
          user: DEMO_EMAIL.admin,
        }),
      ]);
      expect((await as(foreign.email, 'GET', `/api/items/${item.id}/status_changes/`)).statusCode).toBe(404);
      expect(await scalar(sql`select count(*) n from epcis_events where disposition = 'reserved'`)).toBe(1);
    });

    it('refuses a bad body with 400 naming the field, never 5xx', async () => {
      const cases: [unknown, string][] = [
        [{ epcs: [epcsA[2]], status: ItemStatus.Reserved }, 'reference'],
        [{ epcs: [], status: ItemStatus.Damaged }, 'epcs'],
        [{ epcs: [epcsA[2]], status: 9 }, 'status'],
        [{ epcs: ['nothex'], status: ItemStatus.Damaged }, 'epcs.0'],
        [{ epcs: Array.from({ length: 1001 }, () => epcsA[2]), status: 0 }, 'epcs'],
        [{ epcs: [epcsA[2]], status: 0, source: 'robot' }, 'source'],
      ];
      for (const [body, field] of cases) {
        const r = await as(DEMO_EMAIL.admin, 'POST', '/api/items/status/', body);
        expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(Object.keys(r.json().errors)).toContain(field);
      }
    });

    it('refuses the visualizer (403), a user of other locations and another company (404), changing nothing', async () => {
      const body = { epcs: [epcsA[2]], status: ItemStatus.Quarantine };
      expect((await as(DEMO_EMAIL.viewer, 'POST', '/api/items/status/', body)).statusCode).toBe(403);
      expect((await as(DEMO_EMAIL.printer, 'POST', '/api/items/status/', body)).statusCode).toBe(404);
      // One foreign EPC among the user's own: the whole call is refused.
      const mixed = await as(DEMO_EMAIL.admin, 'POST', '/api/items/status/', { ...body, epcs: [epcsA[2], foreignEpc] });
      expect(mixed.statusCode).toBe(404);
      expect(mixed.json().message).toContain(foreignEpc);
      expect(await scalar(sql`select count(*) n from items where status = ${ItemStatus.Quarantine}`)).toBe(0);
    });
  });

  describe('GET /api/locations/{id}/availability/', () => {
    it('answers per GTIN, filtered by GTIN, model and section', async () => {
      // The demo has other items at the store (its inventory demo): ours are among them, one row a GTIN, by GTIN.
      const all = (await as(DEMO_EMAIL.viewer, 'GET', `/api/locations/${store}/availability/?limit=1000`)).json();
      const gtins = all.results.map((r: { gtin: string }) => r.gtin);
      expect(gtins).toEqual(expect.arrayContaining([typeA.gtin, typeB.gtin]));
      expect(gtins).toEqual([...gtins].sort());
      expect(all.count).toBe(gtins.length);
      const b = await availabilityOf(typeB.gtin, DEMO_EMAIL.viewer);
      expect(b).toMatchObject({ in_stock: 1, on_floor: 1, in_stockroom: 0, sellable: 1, reserved: 0, available_to_promise: 1 });
      const byModel = (
        await as(DEMO_EMAIL.admin, 'GET', `/api/locations/${store}/availability/?model=${encodeURIComponent(typeA.model)}`)
      ).json();
      expect(byModel.count).toBe(2);
      const bySection = (
        await as(
          DEMO_EMAIL.admin,
          'GET',
          `/api/locations/${store}/availability/?section=${encodeURIComponent('no such section')}`,
        )
      ).json();
      expect(bySection.count).toBe(0);
      const paged = (await as(DEMO_EMAIL.admin, 'GET', `/api/locations/${store}/availability/?limit=1&offset=1`)).json();
      expect(paged).toMatchObject({ count: all.count, results: [{ gtin: gtins[1] }] });
    });

    it('refuses bad paging (400), a location the user does not see and another company (404)', async () => {
      expect((await as(DEMO_EMAIL.admin, 'GET', `/api/locations/${store}/availability/?limit=nope`)).statusCode).toBe(400);
      expect((await as(DEMO_EMAIL.printer, 'GET', `/api/locations/${store}/availability/`)).statusCode).toBe(404);
      expect((await as(foreign.email, 'GET', `/api/locations/${store}/availability/`)).statusCode).toBe(404);
      expect((await as(DEMO_EMAIL.admin, 'GET', `/api/locations/${foreign.locationId}/availability/`)).statusCode).toBe(404);
    });

    it('gives the same rows as a CSV feed a spreadsheet opens', async () => {
      const r = await as(DEMO_EMAIL.viewer, 'GET', `/api/locations/${store}/availability.csv`);
      const lines = csvLinesOf(r);
      expect(lines[0]).toBe(
        'GTIN;Descripción;Modelo;Talla;Color;Sección;En stock;En sala;En almacén;Vendibles;Reservadas;Disponibles para prometer',
      );
      const count = (await as(DEMO_EMAIL.viewer, 'GET', `/api/locations/${store}/availability/`)).json().count;
      expect(lines).toHaveLength(count + 1);
      expect(lines.find((l) => l.startsWith(`"${typeB.gtin}"`))).toMatch(/;1;1;0;1;0;1$/);
      expect((await as(DEMO_EMAIL.printer, 'GET', `/api/locations/${store}/availability.csv`)).statusCode).toBe(404);
      expect(
        (await as(DEMO_EMAIL.admin, 'GET', `/api/locations/${store}/availability.csv?gtin=${'9'.repeat(20)}`)).statusCode,
      ).toBe(400);
    });
  });

  describe('GET /api/find/', () => {
    it('finds a model: every size with its counts here and in the other stores, and where its items were last seen', async () => {
      const r = await as(DEMO_EMAIL.editor, 'GET', `/api/find/?model=${encodeURIComponent(typeA.model)}&location=${store}`);
      expect(r.statusCode).toBe(200);
      const body = r.json();
      const a = body.types.find((x: { gtin: string }) => x.gtin === typeA.gtin);
      expect(a.here).toMatchObject({ on_floor: 3, in_stockroom: 2, in_stock: 5 });
      expect(a.last_seen.length).toBeGreaterThan(0);
      expect(a.last_seen[0]).toMatchObject({ location: store, area_description: expect.any(String) });
      expect(body.types.map((x: { gtin: string }) => x.gtin)).toContain(typeB.gtin);
    });

    it('finds by GTIN and by EPC (the item itself too)', async () => {
      const byGtin = (await as(DEMO_EMAIL.admin, 'GET', `/api/find/?gtin=${typeB.gtin}&location=${store}`)).json();
      expect(byGtin.types).toHaveLength(1);
      expect(byGtin.types[0].here).toMatchObject({ on_floor: 1 });
      const byEpc = (await as(DEMO_EMAIL.admin, 'GET', `/api/find/?epc=${epcsB[0]?.toLowerCase()}`)).json();
      expect(byEpc.item).toMatchObject({ epc: epcsB[0], area: floor });
      expect(byEpc.types[0].gtin).toBe(typeB.gtin);
      // Without a chosen store, every store the user sees is among the others.
      expect(byEpc.types[0].others[0]).toMatchObject({ location: store, on_floor: 1 });
    });

    it('refuses no or two search keys (400), a store the user does not see, and shows nothing of another company', async () => {
      expect((await as(DEMO_EMAIL.admin, 'GET', '/api/find/')).statusCode).toBe(400);
      expect((await as(DEMO_EMAIL.admin, 'GET', `/api/find/?gtin=${typeA.gtin}&model=x`)).statusCode).toBe(400);
      expect((await as(DEMO_EMAIL.printer, 'GET', `/api/find/?gtin=${typeA.gtin}&location=${store}`)).statusCode).toBe(404);
      expect((await as(DEMO_EMAIL.admin, 'GET', `/api/find/?gtin=${typeA.gtin}&location=${foreign.locationId}`)).statusCode).toBe(
        404,
      );
      const stranger = (await as(foreign.email, 'GET', `/api/find/?gtin=${typeA.gtin}`)).json();
      // Their own item of that GTIN is not at a store; ours are never counted for them.
      expect(stranger.types.flatMap((x: { others: unknown[] }) => x.others)).toEqual([]);
      expect((await as(foreign.email, 'GET', `/api/find/?epc=${epcsA[0]}`)).json().item).toBeNull();
    });
  });

  describe('GET /api/find/locate/', () => {
    it("answers an EPC's latest reads with the RSSI a handheld's set carried", async () => {
      const set = {
        id: randomUUID(),
        start_time: new Date(Date.now() - 2_000).toISOString(),
        end_time: new Date().toISOString(),
        reads: [
          { epc: epcsB[0], rssi: -61.5, antenna: 1, time: new Date(Date.now() - 1_000).toISOString() },
          { epc: epcsB[0], rssi: -48, antenna: 1, time: new Date().toISOString() },
        ],
      };
      const sent = await t.call('POST', '/api/readingsets/', `Device ${demoDeviceKey('HH-T01-01')}`, set);
      expect(sent.statusCode).toBe(201);
      const r = (await as(DEMO_EMAIL.viewer, 'GET', `/api/find/locate/?epc=${epcsB[0]}`)).json();
      expect(r).toMatchObject({ found: true, reads: [{ rssi: -48, device: 'HH-T01-01' }, { rssi: -61.5 }] });
      // A single read a handheld streams shows at once (staged, or traced once grouped), with its RSSI.
      const event = {
        timestamp: new Date().toISOString(),
        eventType: 'tagInventory',
        tagInventoryEvent: {
          epc: Buffer.from(epcsB[0] as string, 'hex').toString('base64'),
          antennaPort: 1,
          peakRssiCdbm: -4025,
          lastSeenTime: new Date(Date.now() + 1_000).toISOString(),
        },
      };
      const streamed = await t.call('POST', '/api/readers/stream/', `Device ${demoDeviceKey('HH-T01-01')}`, [event]);
      expect(streamed.statusCode).toBe(202);
      const live = (await as(DEMO_EMAIL.viewer, 'GET', `/api/find/locate/?epc=${epcsB[0]}`)).json();
      expect(live.reads[0]).toMatchObject({ rssi: -40.25, device: 'HH-T01-01' });
      expect((await as(DEMO_EMAIL.viewer, 'GET', '/api/find/locate/?epc=zz')).statusCode).toBe(400);
      expect((await as(foreign.email, 'GET', `/api/find/locate/?epc=${epcsB[0]}`)).json()).toMatchObject({
        found: false,
        reads: [],
      });
    });
  });
});
