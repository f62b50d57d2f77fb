import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers.js';
import { addReader, postSet } from '../movements/outbound-fixtures.js';
import { type InboundIds, openDemoApp } from '../orders/inbound-fixtures.js';
import { addArea, companyStock, freshEpcs } from './inventory.fixtures.js';
import { getExportJob } from './inventory-exports.repository.js';

/**
 * Every inventory endpoint (spec section 7 "Inventory"): its happy path, its validation error, a
 * role it refuses and a foreign location it refuses; list filters and page sizes; the statistics;
 * the CSV job from start to download.
 */
describe('inventory API', () => {
  let t: TestApp;
  let ids: InboundIds;
  let admin: string;
  let editor: string; // role 3: CD-MAD, T-MAD-01, T-BCN-01
  let printer: string; // role 4: the two centers
  let viewer: string; // role 5: T-MAD-01 only
  let center: number;
  let store: number;
  let centerArea: number;
  let storeArea: number;
  let centerInventory: number;
  let storeInventory: number;
  let partialInventory: number;
  let g0: string;
  let g1: string;
  let g1Id: number;
  const stockIn = companyStock(() => ({ db: t.database.db, companyId: ids.companyId }));

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, auth: string, payload?: unknown) =>
    t.call(method, url, auth, payload);
  const get = (url: string, auth = admin) => inject('GET', url, auth);

  beforeAll(async () => {
    ({ t, ids, admin, editor, printer, viewer } = await openDemoApp());
    center = ids.locations['CD-MAD'] as number;
    store = ids.locations['T-MAD-01'] as number;
    [g0, g1] = ids.gtins.map((g) => g.gtin) as [string, string];
    g1Id = ids.gtins[1]?.id as number;
    const db = t.database.db;
    centerArea = await addArea(db, { locationId: center, description: 'API-INV-center' });
    storeArea = await addArea(db, { locationId: store, description: 'API-INV-store' });
    const centerStock = await stockIn(center, centerArea, [g0, 4], [g1, 2]);
    await stockIn(store, storeArea, [g0, 3]);
    const key = await addReader(db, {
      companyId: ids.companyId,
      serialNumber: 'HH-API-INV',
      mac: '02:00:00:00:08:01',
      locationId: center,
      areaId: centerArea,
      workingMode: 2,
    });
    // A handheld inventory of the center's area: 3 of 6 read, one stray tag; read over 10 minutes.
    const epcs = [...(centerStock[g0] as string[]).slice(0, 3), freshEpcs(g1, 1)[0] as string];
    await postSet(t, { device: 'HH-API-INV', key, epcs: epcs.slice(0, 2), at: '2026-06-20T10:00:05Z' });
    await postSet(t, { device: 'HH-API-INV', key, epcs: epcs.slice(2), at: '2026-06-20T10:10:00Z' });
    const list = (await get(`/api/locations/${center}/inventories/?location_area=${centerArea}`)).json();
    centerInventory = list.results[0].id;
    // A user's inventory of the store's area, and a partial one of the center's.
    const opened = await inject('POST', `/api/locations/${store}/inventories/`, editor, { location_area: storeArea });
    expect(opened.statusCode, opened.body).toBe(201);
    storeInventory = opened.json().id;
  });
  afterAll(async () => t.close());

  describe('GET /locations/{id}/inventories/', () => {
    it('lists the location’s inventories newest first, 11 per page, with every filter', async () => {
      const page = (await get(`/api/locations/${center}/inventories/?location_area=${centerArea}`)).json();
      expect(page.count).toBe(1);
      expect(page.results[0]).toMatchObject({
        id: centerInventory,
        state: 0,
        theorical_stock: 6,
        items: 4,
        matched_items: 3,
        missing_items: 3,
        excess_items: 1,
        location_area_description: 'API-INV-center',
        location_description: expect.any(String),
        is_partial: false,
        is_file_created: false,
      });
      expect(page.results[0].end_time).toBe('2026-06-20T10:10:00.000Z');
      // The id filter, state, type (inventorypartial__isnull) and ordering.
      const byId = (await get(`/api/locations/${center}/inventories/?id__icontains=${centerInventory}`)).json();
      expect(byId.results.map((r: { id: number }) => r.id)).toContain(centerInventory);
      expect((await get(`/api/locations/${center}/inventories/?location_area=${centerArea}&state=2`)).json().count).toBe(0);
      expect(
        (await get(`/api/locations/${center}/inventories/?location_area=${centerArea}&inventorypartial__isnull=True`)).json()
          .count,
      ).toBe(1);
      expect(
        (await get(`/api/locations/${center}/inventories/?location_area=${centerArea}&inventorypartial__isnull=False`)).json()
          .count,
      ).toBe(0);
      const all = (await get(`/api/locations/${center}/inventories/?order_by=-id`)).json();
      const listed = all.results.map((r: { id: number }) => r.id);
      expect(listed).toEqual([...listed].sort((a: number, b: number) => b - a));
      expect(all.results.length).toBeLessThanOrEqual(11);
    });

    it('pages by 11 unless told', async () => {
      const area = await addArea(t.database.db, { locationId: store, description: 'API-INV-paging' });
      for (let i = 0; i < 12; i += 1) {
        const opened = await inject('POST', `/api/locations/${store}/inventories/`, admin, { location_area: area });
        expect(opened.statusCode).toBe(201);
        expect((await inject('PUT', `/api/inventorys/${opened.json().id}/`, admin, { state: 3 })).statusCode).toBe(200);
      }
      const first = (await get(`/api/locations/${store}/inventories/?location_area=${area}`)).json();
      expect(first).toMatchObject({ count: 12 });
      expect(first.results).toHaveLength(11);
      expect(first.next).toContain('offset=11');
      expect(first.results.every((r: { state: number; canceled: boolean }) => r.state === 3 && r.canceled)).toBe(true);
      const second = (await get(`/api/locations/${store}/inventories/?location_area=${area}&offset=11`)).json();
      expect(second.results).toHaveLength(1);
    });

    it('refuses a foreign location (404) and bad parameters (400)', async () => {
      expect((await get(`/api/locations/${center}/inventories/`, viewer)).statusCode).toBe(404);
      expect((await get(`/api/locations/${store}/inventories/`, printer)).statusCode).toBe(404);
      expect((await get(`/api/locations/${store}/inventories/`, viewer)).statusCode).toBe(200);
      expect((await get(`/api/locations/${center}/inventories/?limit=0`)).statusCode).toBe(400);
      expect((await get(`/api/locations/${center}/inventories/?state=x`)).statusCode).toBe(400);
      expect((await get('/api/locations/x/inventories/')).statusCode).toBe(400);
      expect((await t.app.inject({ url: `/api/locations/${center}/inventories/` })).statusCode).toBe(401);
    });
  });

  describe('POST /locations/{id}/inventories/', () => {
    it('opens a partial inventory with its GTINs (roles 1 to 3), and refuses a second one for the area (409)', async () => {
      const area = await addArea(t.database.db, { locationId: center, description: 'API-INV-partial' });
      await stockIn(center, area, [g0, 2], [g1, 5]);
      const opened = await inject('POST', `/api/locations/${center}/inventories/`, editor, {
        location_area: area,
        item_types: [g1Id],
      });
      expect(opened.statusCode, opened.body).toBe(201);
      partialInventory = opened.json().id;
      expect(opened.json()).toMatchObject({ is_partial: true, theorical_stock: 5, state: 0, device: null });
      const again = await inject('POST', `/api/locations/${center}/inventories/`, admin, { location_area: area });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already has an inventory in progress/);
      const partial = (
        await get(`/api/locations/${center}/inventories/?inventorypartial__isnull=False&location_area=${area}`)
      ).json();
      expect(partial.results.map((r: { id: number }) => r.id)).toEqual([partialInventory]);
    });

    it('validation: area required and of this location, GTINs known (400)', async () => {
      const missing = await inject('POST', `/api/locations/${center}/inventories/`, admin, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.location_area).toEqual(['Please select area']);
      const foreignArea = await inject('POST', `/api/locations/${center}/inventories/`, admin, { location_area: storeArea });
      expect(foreignArea.statusCode).toBe(400);
      expect(foreignArea.json().message).toBe('Please select area');
      const unknownGtin = await inject('POST', `/api/locations/${center}/inventories/`, admin, {
        location_area: centerArea,
        item_types: [99_999_999],
      });
      expect(unknownGtin.statusCode).toBe(400);
      expect(unknownGtin.json().errors.item_types).toEqual(['Unknown GTIN.']);
    });

    it('roles 4 and 5 are refused (403); a foreign location is 404', async () => {
      expect(
        (await inject('POST', `/api/locations/${store}/inventories/`, viewer, { location_area: storeArea })).statusCode,
      ).toBe(403);
      expect(
        (await inject('POST', `/api/locations/${center}/inventories/`, printer, { location_area: centerArea })).statusCode,
      ).toBe(403);
      const editorElsewhere = await inject('POST', `/api/locations/${ids.locations['CD-BCN']}/inventories/`, editor, {
        location_area: centerArea,
      });
      expect(editorElsewhere.statusCode).toBe(404);
    });
  });

  describe('GET and PUT /inventorys/{id}/', () => {
    it('answers the inventory to whoever sees its location, 404 to others', async () => {
      expect((await get(`/api/inventorys/${storeInventory}/`, viewer)).json()).toMatchObject({
        id: storeInventory,
        location: store,
        theorical_stock: 3,
        items: 0,
        progress: 0,
      });
      expect((await get(`/api/inventorys/${centerInventory}/`, viewer)).statusCode).toBe(404);
      expect((await get(`/api/inventorys/${storeInventory}/`, printer)).statusCode).toBe(404);
      expect((await get('/api/inventorys/999999/')).statusCode).toBe(404);
      expect((await get('/api/inventorys/x/')).statusCode).toBe(400);
    });

    it('validation: state must be 2 or 3 (400); a visualizer or printer operator may not change it (403)', async () => {
      const bad = await inject('PUT', `/api/inventorys/${storeInventory}/`, admin, { state: 1 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.state).toEqual(['state must be 2 (validate) or 3 (cancel).']);
      expect((await inject('PUT', `/api/inventorys/${storeInventory}/`, admin, {})).statusCode).toBe(400);
      expect((await inject('PUT', `/api/inventorys/${storeInventory}/`, viewer, { state: 2 })).statusCode).toBe(403);
      expect((await inject('PUT', `/api/inventorys/${storeInventory}/`, viewer, { state: 3 })).statusCode).toBe(403);
      expect((await inject('PUT', `/api/inventorys/${centerInventory}/`, printer, { state: 3 })).statusCode).toBe(403);
      // The editor sees CD-MAD: it may cancel the center's inventory.
      const canceled = await inject('PUT', `/api/inventorys/${centerInventory}/`, editor, { state: 3 });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect((await get(`/api/inventorys/${centerInventory}/`)).json().state).toBe(3);
    });

    it('users: who opened and who closed it', async () => {
      const users = (await get(`/api/inventorys/${centerInventory}/users/`)).json();
      // A reader opened it (no user); the editor canceled it.
      expect(users).toEqual([expect.objectContaining({ email: 'editor@demo.local', action: 'canceled' })]);
      const opened = (await get(`/api/inventorys/${storeInventory}/users/`, viewer)).json();
      expect(opened).toEqual([expect.objectContaining({ email: 'editor@demo.local', action: 'opened' })]);
      expect((await get(`/api/inventorys/${storeInventory}/users/`, printer)).statusCode).toBe(404);
    });
  });

  describe('summaries, tags and the GTIN of an inventory', () => {
    it('summaries page by 25, filter by GTIN attributes and refuse foreign users', async () => {
      const all = (await get(`/api/inventorys/${centerInventory}/summary/?order_by=item_type`)).json();
      expect(all.count).toBe(2);
      expect(all.results.map((r: { gtin: string }) => r.gtin)).toEqual([g0, g1].sort());
      const line = all.results.find((r: { gtin: string }) => r.gtin === g0);
      expect(line).toMatchObject({ theorical_quantity: 4, quantity: 3, missing: 1, excess: 0 });
      expect(typeof line.description).toBe('string');
      expect(
        (await get(`/api/inventorys/${centerInventory}/summary/?item_type__gtin__icontains=${g1.slice(-6)}`)).json().count,
      ).toBe(1);
      const desc = line.description.slice(0, 4).toUpperCase();
      const byDescription = (
        await get(`/api/inventorys/${centerInventory}/summary/?item_type__description__icontains=${encodeURIComponent(desc)}`)
      ).json();
      expect(byDescription.results.map((r: { gtin: string }) => r.gtin)).toContain(g0);
      expect((await get(`/api/inventorys/${centerInventory}/summary/?item_type__model__icontains=zzzz-none`)).json().count).toBe(
        0,
      );
      const remaining = (await get(`/api/inventorys/${centerInventory}/remaining_summary/`)).json();
      expect(remaining.results.map((r: { gtin: string }) => r.gtin).sort()).toEqual([g0, g1].sort());
      const surplus = (await get(`/api/inventorys/${centerInventory}/surplus_summary/`)).json();
      expect(surplus.results).toEqual([expect.objectContaining({ gtin: g1, excess: 1, quantity: 1, theorical_quantity: 2 })]);
      // Page size 25 by default; a page past the end keeps the count.
      expect((await get(`/api/inventorys/${centerInventory}/summary/?offset=25`)).json()).toMatchObject({
        count: 2,
        results: [],
      });
      expect((await get(`/api/inventorys/${centerInventory}/summary/`, viewer)).statusCode).toBe(404);
      expect((await get(`/api/inventorys/${centerInventory}/remaining_summary/?limit=-1`)).statusCode).toBe(400);
    });

    it('read and lost EPCs (20 per page), with their filters', async () => {
      const read = (await get(`/api/inventorys/${centerInventory}/items/?order_by=itemType`)).json();
      expect(read.count).toBe(4);
      expect(read.results.map((r: { status: string }) => r.status).sort()).toEqual(['excess', 'matched', 'matched', 'matched']);
      const lost = (await get(`/api/inventorys/${centerInventory}/unchecked_items/`)).json();
      expect(lost.count).toBe(3);
      expect(lost.results.every((r: { quantity: number }) => r.quantity === 0)).toBe(true);
      expect((await get(`/api/inventorys/${centerInventory}/unchecked_items/?itemType__gtin__contains=${g1}`)).json().count).toBe(
        2,
      );
      const pageOf20 = (await get(`/api/inventorys/${storeInventory}/unchecked_items/`)).json();
      expect(pageOf20.count).toBe(3);
      expect((await get(`/api/inventorys/${centerInventory}/items/`, viewer)).statusCode).toBe(404);
      expect((await get(`/api/inventorys/${centerInventory}/items/?offset=x`)).statusCode).toBe(400);
    });

    it('the GTIN detail: the inventory, the line and the product card', async () => {
      const answer = (await get(`/api/inventorys/${centerInventory}/types/${g1Id}/`)).json();
      expect(answer.inventory.id).toBe(centerInventory);
      expect(answer.line).toMatchObject({ gtin: g1, theorical_quantity: 2, quantity: 1, missing: 2, excess: 1 });
      expect(answer.item_type).toMatchObject({ id: g1Id, gtin: g1 });
      const notInIt = (await get(`/api/inventorys/${storeInventory}/types/${g1Id}/`)).json();
      expect(notInIt.line).toMatchObject({ theorical_quantity: 0, quantity: 0 });
      expect((await get(`/api/inventorys/${centerInventory}/types/${g1Id}/`, viewer)).statusCode).toBe(404);
      expect((await get(`/api/inventorys/${centerInventory}/types/999999/`)).statusCode).toBe(404);
      expect((await get(`/api/inventorys/${centerInventory}/types/x/`)).statusCode).toBe(400);
    });
  });

  describe('GET /locations/{id}/inventorystats/', () => {
    it('computes the seven figures over the range', async () => {
      const area = await addArea(t.database.db, { locationId: center, description: 'API-INV-stats' });
      const stocked = await stockIn(center, area, [g0, 4]);
      const stockEpcs = stocked[g0] as string[];
      const key = await addReader(t.database.db, {
        companyId: ids.companyId,
        serialNumber: 'HH-API-STATS',
        mac: '02:00:00:00:08:02',
        locationId: center,
        areaId: area,
        workingMode: 2,
      });
      // Validated: 4 expected, read 3 of them + 1 stray, from 09:00:00 to 09:20:00 (20 minutes).
      await postSet(t, { device: 'HH-API-STATS', key, epcs: stockEpcs.slice(0, 2), at: '2026-06-02T09:00:05Z' });
      await postSet(t, {
        device: 'HH-API-STATS',
        key,
        epcs: [stockEpcs[2] as string, ...freshEpcs(g0, 1)],
        at: '2026-06-02T09:20:00Z',
      });
      const id = (await get(`/api/locations/${center}/inventories/?location_area=${area}`)).json().results[0].id;
      expect((await inject('PUT', `/api/inventorys/${id}/`, admin, { state: 2 })).statusCode).toBe(200);

      const range = 'date_start=2026-06-01T00:00:00Z&date_end=2026-06-03T00:00:00Z';
      const stats = await get(`/api/locations/${center}/inventorystats/?${range}`);
      expect(stats.statusCode, stats.body).toBe(200);
      const stockNow = stats.json().stock;
      expect(stockNow).toBeGreaterThan(0);
      expect(stats.json()).toMatchObject({
        total_inventory_count: 1,
        pending_inventories: 0,
        validated_inventories: 1,
        avg_inventory_time: 20,
        avg_inventory_items: 4,
        avg_inventory_accuracy: 60, // 3 / (4 + 1)
        // 4 items in 20 minutes: 0.2 items a minute
        estimated_inventory_time: Math.round((stockNow / 0.2) * 100) / 100,
      });
      // The center's handheld inventory (started 2026-06-20, canceled) is counted in its own range;
      // the demo inventories are recent, so fixed June dates never meet them.
      const later = (
        await get(`/api/locations/${center}/inventorystats/?date_start=2026-06-19T00:00:00Z&date_end=2026-06-21T00:00:00Z`)
      ).json();
      expect(later.total_inventory_count).toBe(1);
      expect(later.pending_inventories).toBe(0);
      expect(later.validated_inventories).toBe(0);
      expect(later.avg_inventory_time).toBeNull();
      expect(later.estimated_inventory_time).toBeNull();
      expect((await get(`/api/locations/${center}/inventorystats/`, viewer)).statusCode).toBe(404);
      expect((await get(`/api/locations/${center}/inventorystats/?date_start=nope`)).statusCode).toBe(400);
      expect((await get(`/api/locations/${store}/inventorystats/`, viewer)).statusCode).toBe(200);
    });
  });

  describe('the CSV: start, progress, download', () => {
    const waitFor = async (taskId: string, auth = admin) => {
      for (let i = 0; i < 750; i += 1) {
        const progress = (await get(`/api/file_creation_progress/${taskId}/`, auth)).json();
        if (progress.progress === 100 || progress.error) return progress;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('CSV job did not finish');
    };

    it('creates the file as a job, reports progress up to 100, then serves it with its name', async () => {
      expect((await get(`/api/inventorys/${partialInventory}/csv/`)).statusCode).toBe(404);
      const started = await get(`/api/inventorys/${partialInventory}/start_csv_creation/`, editor);
      expect(started.statusCode, started.body).toBe(200);
      const taskId = started.json().task_id;
      expect(taskId).toMatch(/^[0-9a-f-]{36}$/);
      const done = await waitFor(taskId, editor);
      expect(done).toMatchObject({ progress: 100, error: null, file_name: `Inventory-${partialInventory}.csv` });
      const file = await get(`/api/inventorys/${partialInventory}/csv/`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('text/csv');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="Inventory-${partialInventory}.csv"`);
      const lines = file.body.trim().split('\n');
      // A UTF-8 BOM first (trim() drops it from the text), then the Spanish header row.
      expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(lines[0]).toBe('Inventario;Zona;EPC;GTIN;Descripción;Modelo;Color;Talla;Estado;Leído');
      expect(lines).toHaveLength(1 + 5);
      expect(lines.slice(1).every((line) => line.includes(';"Faltante";'))).toBe(true);
      expect((await get(`/api/inventorys/${partialInventory}/`)).json().is_file_created).toBe(true);
    });

    it('every item of the center inventory appears once with its status', async () => {
      const taskId = (await get(`/api/inventorys/${centerInventory}/start_csv_creation/`)).json().task_id;
      await waitFor(taskId);
      const body = (await get(`/api/inventorys/${centerInventory}/csv/`)).body;
      const rows = body.trim().split('\n').slice(1);
      expect(rows).toHaveLength(7); // 6 expected + 1 excess
      const statuses = rows.map((r) => (parse(r, { delimiter: ';' }) as string[][])[0]?.[8]).sort();
      expect(statuses).toEqual(['Coincidente', 'Coincidente', 'Coincidente', 'Faltante', 'Faltante', 'Faltante', 'Sobrante']);
    });

    it('a newer finished file drops the older finished ones of the inventory once they are old enough', async () => {
      const db = t.database.db;
      const start = async () => {
        const taskId: string = (await get(`/api/inventorys/${centerInventory}/start_csv_creation/`)).json().task_id;
        expect(await waitFor(taskId)).toMatchObject({ progress: 100, error: null });
        return taskId;
      };
      // Kept while young: both files stay (a poll that just reached 100 can still download).
      const young = await start();
      await start();
      expect((await getExportJob(db, { id: young, companyId: ids.companyId }))?.progress).toBe(100);
      // Old enough (made older here): the newest finished file is the only one left, and it is the download.
      await db.execute(sql`update export_jobs set created_at = now() - interval '1 hour' where ref_id = ${centerInventory}`);
      const newest = await start();
      const left = await db.execute(sql`select id from export_jobs where kind = 'inventory-csv' and ref_id = ${centerInventory}`);
      expect((left as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([newest]);
      const file = await get(`/api/inventorys/${centerInventory}/csv/`);
      expect(file.statusCode).toBe(200);
      expect(file.body.trim().split('\n')).toHaveLength(1 + 7);
    });

    it('refuses foreign users and unknown tasks', async () => {
      const taskId = (await get(`/api/inventorys/${centerInventory}/start_csv_creation/`)).json().task_id;
      await waitFor(taskId);
      expect((await get(`/api/file_creation_progress/${taskId}/`, viewer)).statusCode).toBe(404);
      expect((await get(`/api/inventorys/${centerInventory}/start_csv_creation/`, viewer)).statusCode).toBe(404);
      expect((await get(`/api/inventorys/${centerInventory}/csv/`, viewer)).statusCode).toBe(404);
      expect((await get('/api/file_creation_progress/3f1e7c52-1d7f-4c55-9a53-1d1f1b1b1b1b/')).statusCode).toBe(404);
      expect((await get('/api/file_creation_progress/not-a-uuid/')).statusCode).toBe(400);
    });
  });
});
