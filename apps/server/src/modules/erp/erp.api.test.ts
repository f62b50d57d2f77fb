import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { erpStockSnapshots, locations, users } from '../../db/schema/index.js';
import { addForeignCompany, type ForeignCompany, locationIdByCode } from '../../test/admin-fixtures.js';
import { buildTestApp, multipartForm, type TestApp } from '../../test/helpers.js';

/** A GTIN-13 with a right check digit that the demo catalogue does not have, and one with a wrong check digit. */
const UNKNOWN_GTIN = '4006381333931';
const BAD_GTIN = '4006381333932';

/**
 * ERP stock and differences end to end (issue 27): snapshots as JSON and CSV, the differences to the RFID stock (read
 * here straight from the stock view, as the stock screens count it), the CSV export, the inventory differences and the
 * feed an ERP polls, with every refusal.
 */
describe('ERP stock and differences', () => {
  let t: TestApp;
  let foreign: ForeignCompany;
  let mad: number;
  let bcn: number;
  let val: number;
  /** GTINs with RFID stock in T-MAD-01 and how much (from stock_now). */
  let stocked: { gtin: string; quantity: number }[];

  const as = async (who: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { authorization: await t.login(who), 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = async (who: string, content: string, filename = 'erp.csv') => {
    const form = multipartForm([{ name: 'file', filename, content }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/erp/stock/',
      headers: { ...form.headers, authorization: await t.login(who), 'accept-language': 'en' },
      payload: form.payload,
    });
  };
  const differences = async (who: string, query: string) => {
    const r = await as(who, 'GET', `/api/erp/differences/?${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as {
      count: number;
      results: { location: { code: string }; gtin: string; erp_quantity: number; rfid_quantity: number; difference: number }[];
    };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    foreign = await addForeignCompany(t.database.db);
    await t.database.db.update(users).set({ role: 1 }).where(eq(users.id, foreign.userId));
    mad = await locationIdByCode(t.database.db, 'T-MAD-01');
    bcn = await locationIdByCode(t.database.db, 'T-BCN-01');
    val = await locationIdByCode(t.database.db, 'T-VAL-01');
    const rows = await t.database.db.execute(sql`
      select it.gtin, sum(s.quantity)::int as quantity from stock_now s join item_types it on it.id = s.item_type_id
      where s.location_id = ${mad} group by it.gtin having sum(s.quantity) > 0 order by it.gtin limit 3`);
    stocked = rowsOf<{ gtin: string; quantity: number }>(rows).map((r) => ({ gtin: r.gtin, quantity: Number(r.quantity) }));
    expect(stocked).toHaveLength(3);
  });
  afterAll(async () => t.close());

  describe('POST /api/erp/stock/ and GET /api/erp/differences/', () => {
    it('imports the good rows of a JSON snapshot, keeps the bad ones with their reason, and shows the differences', async () => {
      const [a, b, c] = stocked as [(typeof stocked)[0], (typeof stocked)[0], (typeof stocked)[0]];
      const foreignCode = (
        await t.database.db.select({ code: locations.code }).from(locations).where(eq(locations.id, foreign.locationId))
      )[0]?.code as string;
      const r = await as('admin@demo.local', 'POST', '/api/erp/stock/', [
        { store: 'T-MAD-01', gtin: a.gtin, quantity: a.quantity + 2 },
        { store: 'T-MAD-01', gtin: b.gtin, quantity: b.quantity },
        { store: 'T-MAD-01', gtin: UNKNOWN_GTIN, quantity: '5' },
        { store: 'NOPE', gtin: a.gtin, quantity: 1 },
        { store: foreignCode, gtin: a.gtin, quantity: 1 },
        { store: 'T-MAD-01', gtin: BAD_GTIN, quantity: 1 },
        { store: 'T-MAD-01', gtin: c.gtin, quantity: 'x' },
      ]);
      expect(r.statusCode, r.body).toBe(201);
      const snapshot = r.json();
      expect(snapshot).toMatchObject({ source: 'json', rows: 3, rejected: 4, locations: [{ id: mad, code: 'T-MAD-01' }] });
      expect(snapshot.created_by.email).toBe('admin@demo.local');
      expect(snapshot.rejected_rows).toEqual([
        { row: 4, store: 'NOPE', gtin: a.gtin, quantity: '1', reason: "'NOPE' is not the code of a location you can see." },
        {
          row: 5,
          store: foreignCode,
          gtin: a.gtin,
          quantity: '1',
          reason: `'${foreignCode}' is not the code of a location you can see.`,
        },
        { row: 6, store: 'T-MAD-01', gtin: BAD_GTIN, quantity: '1', reason: `'${BAD_GTIN}' is not a valid GTIN.` },
        { row: 7, store: 'T-MAD-01', gtin: c.gtin, quantity: 'x', reason: "the quantity 'x' is not a whole number." },
      ]);

      const one = await differences('admin@demo.local', `location=${mad}&gtin=${a.gtin}`);
      expect(one.results).toEqual([
        expect.objectContaining({ gtin: a.gtin, erp_quantity: a.quantity + 2, rfid_quantity: a.quantity, difference: -2 }),
      ]);
      // Equal quantities are listed, but not with only_differences; a GTIN only the ERP has is RFID 0.
      const all = await differences('admin@demo.local', `location=${mad}&limit=1000`);
      expect(all.results.find((d) => d.gtin === b.gtin)).toMatchObject({ difference: 0 });
      expect(all.results.find((d) => d.gtin === `0${UNKNOWN_GTIN}`)).toMatchObject({
        erp_quantity: 5,
        rfid_quantity: 0,
        difference: -5,
      });
      // A GTIN with RFID stock the ERP does not name is ERP 0.
      expect(all.results.find((d) => d.gtin === c.gtin)).toMatchObject({ erp_quantity: 0, rfid_quantity: c.quantity });
      const only = await differences('admin@demo.local', `location=${mad}&only_differences=true&limit=1000`);
      expect(only.results.some((d) => d.gtin === b.gtin)).toBe(false);
      expect(only.count).toBe(all.count - 1);
      // Sorted by difference ascending: the most negative first.
      const sorted = await differences('admin@demo.local', `location=${mad}&order_by=difference&limit=2`);
      expect(sorted.results[0]?.difference).toBeLessThanOrEqual(sorted.results[1]?.difference ?? 0);
    });

    it('a CSV snapshot (";", quoted, with a header) replaces the ERP stock of the stores it names, and only those', async () => {
      const [a] = stocked as [(typeof stocked)[0]];
      const bcnBefore = await as('admin@demo.local', 'POST', '/api/erp/stock/', [
        { store: 'T-BCN-01', gtin: a.gtin, quantity: 7 },
      ]);
      expect(bcnBefore.statusCode).toBe(201);
      const r = await upload('admin@demo.local', `"tienda";"gtin";"cantidad"\r\n"T-MAD-01";"${a.gtin}";"${a.quantity}"\r\n`);
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({ source: 'csv', file_name: 'erp.csv', rows: 1, rejected: 0 });
      const mine = await differences('admin@demo.local', `location=${mad}&limit=1000`);
      // The unknown GTIN of the previous snapshot is gone with it: T-MAD-01's ERP stock is this file's.
      expect(mine.results.some((d) => d.gtin === `0${UNKNOWN_GTIN}`)).toBe(false);
      expect(mine.results.find((d) => d.gtin === a.gtin)).toMatchObject({ erp_quantity: a.quantity, difference: 0 });
      const other = await differences('admin@demo.local', `location=${bcn}&gtin=${a.gtin}`);
      expect(other.results[0]).toMatchObject({ erp_quantity: 7 });
    });

    it('takes tens of thousands of rows (more than one insert batch and than 65,535 parameters)', async () => {
      const [a] = stocked as [(typeof stocked)[0]];
      // 30,000 distinct GTIN-14 with a right check digit: 5 columns × 30,000 would be 150,000 parameters in one insert.
      const gtin14 = (n: number) => {
        const body = `0842${String(n).padStart(9, '0')}`;
        const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
        return `${body}${(10 - (sum % 10)) % 10}`;
      };
      const lines = ['store,gtin,quantity', `T-VAL-01,${a.gtin},1`];
      for (let i = 1; i <= 30_000; i++) lines.push(`T-VAL-01,${gtin14(i)},${i % 7}`);
      const r = await upload('admin@demo.local', lines.join('\n'));
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({ rows: 30_001, rejected: 0 });
      const [counted] = rowsOf<{ n: number; q: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n, sum(quantity)::int as q from erp_stock where location_id = ${val}`,
        ),
      );
      let total = 1;
      for (let i = 1; i <= 30_000; i++) total += i % 7;
      expect({ n: Number(counted?.n), q: Number(counted?.q) }).toEqual({ n: 30_001, q: total });
      const page = await differences('admin@demo.local', `location=${val}&limit=5&offset=10`);
      expect(page.results).toHaveLength(5);
      expect(page.count).toBeGreaterThanOrEqual(30_001);
    });

    it('exports the differences as CSV for a Spanish spreadsheet (BOM, ";", the filters applied)', async () => {
      const [a] = stocked as [(typeof stocked)[0]];
      // The user's language is English here (Accept-Language); `lang=es` asks for the Spanish file.
      const r = await as('viewer@demo.local', 'GET', `/api/erp/differences/export/?location=${mad}&gtin=${a.gtin}&lang=es`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toContain('text/csv');
      expect(r.body.startsWith('\uFEFF')).toBe(true);
      const lines = r.body.replace('\uFEFF', '').trim().split(/\r?\n/);
      expect(lines[0]).toBe(
        'Tienda;Nombre de la tienda;GTIN;Descripción;Cantidad ERP;Cantidad RFID;Diferencia;Importado del ERP',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]?.split(';').slice(0, 3)).toEqual(['"T-MAD-01"', expect.any(String), `"${a.gtin}"`]);
      expect(lines[1]?.split(';').slice(4, 7)).toEqual([String(a.quantity), String(a.quantity), '0']);
      // The import time in Madrid's wall clock, as a Spanish spreadsheet reads a date.
      expect(lines[1]?.split(';')[7]).toMatch(/^"\d\d\/\d\d\/\d{4} \d\d:\d\d"$/);
      // dialect=plain: the machine-readable CSV an ERP reads (English column names, `,`, no BOM).
      const plain = await as(
        'viewer@demo.local',
        'GET',
        `/api/erp/differences/export/?location=${mad}&gtin=${a.gtin}&dialect=plain`,
      );
      expect(plain.body.split('\n')[0]).toBe(
        'store,store_name,gtin,description,erp_quantity,rfid_quantity,difference,erp_imported_at',
      );
    });

    it('refuses bad input with a 400 naming the problem, and stores nothing', async () => {
      const before = (await t.database.db.select({ id: erpStockSnapshots.id }).from(erpStockSnapshots)).length;
      const missing = await as('admin@demo.local', 'POST', '/api/erp/stock/', [{ store: 'T-MAD-01', gtin: UNKNOWN_GTIN }]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty(['0.quantity']);
      const empty = await as('admin@demo.local', 'POST', '/api/erp/stock/', []);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors.rows).toEqual(['The snapshot has no rows.']);
      const allBad = await as('admin@demo.local', 'POST', '/api/erp/stock/', [
        { store: 'NOPE', gtin: UNKNOWN_GTIN, quantity: 1 },
      ]);
      expect(allBad.statusCode).toBe(400);
      expect(allBad.json().errors.rows).toEqual([
        "No row could be imported. Row 1: 'NOPE' is not the code of a location you can see.",
      ]);
      const header = await upload('admin@demo.local', 'a;b;c\nT-MAD-01;x;1\n');
      expect(header.statusCode).toBe(400);
      expect(header.json().errors.file[0]).toContain('store, a GTIN and a quantity column');
      const query = await as('admin@demo.local', 'GET', '/api/erp/differences/?gtin=abc');
      expect(query.statusCode).toBe(400);
      expect(query.json().errors).toHaveProperty('gtin');
      expect((await t.database.db.select({ id: erpStockSnapshots.id }).from(erpStockSnapshots)).length).toBe(before);
    });

    it('refuses the roles that do not import (4, 5), lets them read their scope; foreign locations and company are 404', async () => {
      const row = [{ store: 'T-MAD-01', gtin: UNKNOWN_GTIN, quantity: 1 }];
      expect((await as('printer@demo.local', 'POST', '/api/erp/stock/', row)).statusCode).toBe(403);
      expect((await as('viewer@demo.local', 'POST', '/api/erp/stock/', row)).statusCode).toBe(403);
      // The viewer sees T-MAD-01 only.
      const seen = await differences('viewer@demo.local', 'limit=1000');
      expect(new Set(seen.results.map((d) => d.location.code))).toEqual(new Set(['T-MAD-01']));
      expect((await as('viewer@demo.local', 'GET', `/api/erp/differences/?location=${bcn}`)).statusCode).toBe(404);
      // The editor (CD-MAD, T-MAD-01, T-BCN-01): T-VAL-01 is not theirs, to read or to import.
      expect((await as('editor@demo.local', 'GET', `/api/erp/differences/?location=${val}`)).statusCode).toBe(404);
      const notMine = await as('editor@demo.local', 'POST', '/api/erp/stock/', [
        { store: 'T-VAL-01', gtin: UNKNOWN_GTIN, quantity: 1 },
      ]);
      expect(notMine.statusCode).toBe(400);
      const mine = await as('editor@demo.local', 'POST', '/api/erp/stock/', [
        { store: 'T-BCN-01', gtin: UNKNOWN_GTIN, quantity: 3 },
      ]);
      expect(mine.statusCode, mine.body).toBe(201);
      // The other company: our location is 404, our stores unknown, our snapshots invisible.
      expect((await as(foreign.email, 'GET', `/api/erp/differences/?location=${mad}`)).statusCode).toBe(404);
      expect((await differences(foreign.email, '')).count).toBe(0);
      expect((await as(foreign.email, 'POST', '/api/erp/stock/', row)).statusCode).toBe(400);
      expect((await as(foreign.email, 'GET', `/api/erp/snapshots/${mine.json().id}/`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/erp/snapshots/', () => {
    it('lists the imports newest first; a location editor sees those that named their stores', async () => {
      const all = (await as('admin@demo.local', 'GET', '/api/erp/snapshots/?limit=100')).json();
      expect(all.count).toBeGreaterThanOrEqual(5);
      const ids = all.results.map((s: { id: number }) => s.id);
      expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
      const editor = (await as('editor@demo.local', 'GET', '/api/erp/snapshots/?limit=100')).json();
      expect(editor.results.some((s: { locations: { code: string }[] }) => s.locations.some((l) => l.code === 'T-VAL-01'))).toBe(
        false,
      );
      expect(editor.count).toBeLessThan(all.count);
      const detail = await as('admin@demo.local', 'GET', `/api/erp/snapshots/${all.results.at(-1).id}/`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().rejected_rows).toHaveLength(4);
      expect((await as('admin@demo.local', 'GET', '/api/erp/snapshots/999999/')).statusCode).toBe(404);
    });
  });

  describe('inventory differences for the ERP', () => {
    /** A validated demo inventory (the one with most GTINs), its location, and its per-GTIN summary (the inventory screens'). */
    const validatedInventory = async () => {
      const [row] = rowsOf<{ id: number; location_id: number; code: string }>(
        await t.database.db.execute(sql`
          select i.id, i.location_id, l.code from inventories i join locations l on l.id = i.location_id
          where i.state = 2 and l.company_id = (select company_id from locations where id = ${mad})
          order by (select count(*) from inventory_type_counts f where f.inventory_id = i.id) desc, i.id limit 1`),
      );
      if (!row) throw new Error('no validated demo inventory');
      const summary = (await as('admin@demo.local', 'GET', `/api/inventorys/${row.id}/summary/?limit=1000`)).json();
      return {
        id: Number(row.id),
        location: Number(row.location_id),
        code: row.code,
        summary: summary.results as { gtin: string; theorical_quantity: number; quantity: number }[],
      };
    };

    it('answers per GTIN expected, counted, difference and approved, as JSON and as CSV', async () => {
      const { id, summary, location, code } = await validatedInventory();
      expect(summary.length).toBeGreaterThan(0);
      const r = await as('brand@demo.local', 'GET', `/api/inventorys/${id}/differences/`);
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json();
      expect(body).toMatchObject({ id, state: 2, location: { id: location, code } });
      expect(body.validated_at).not.toBeNull();
      const expected = summary
        .map((s) => ({
          gtin: s.gtin,
          expected: s.theorical_quantity,
          counted: s.quantity,
          difference: s.quantity - s.theorical_quantity,
          approved: true,
        }))
        .sort((x, y) => x.gtin.localeCompare(y.gtin));
      expect(
        body.rows.map((row: Record<string, unknown>) => ({
          gtin: row.gtin,
          expected: row.expected,
          counted: row.counted,
          difference: row.difference,
          approved: row.approved,
        })),
      ).toEqual(expected);
      const only = (await as('brand@demo.local', 'GET', `/api/inventorys/${id}/differences/?only_differences=true`)).json();
      expect(only.rows).toHaveLength(expected.filter((e) => e.difference !== 0).length);
      const csv = await as('brand@demo.local', 'GET', `/api/inventorys/${id}/differences/?format=csv&dialect=plain`);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split(/\r?\n/);
      expect(lines[0]).toBe('inventory,store,area,validated_at,gtin,description,expected,counted,difference,approved');
      expect(lines).toHaveLength(expected.length + 1);
      // The same rows as a workbook for people: Spanish headers, numbers as numbers, approved as a word.
      const xlsx = await as('brand@demo.local', 'GET', `/api/inventorys/${id}/differences/?format=xlsx&lang=es`);
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer); // ExcelJS' typing predates Node's generic Buffer
      const sheet = workbook.worksheets[0];
      expect(sheet?.getRow(1).getCell(8).value).toBe('Contadas');
      expect(sheet?.rowCount).toBe(expected.length + 1);
      expect(sheet?.getRow(2).getCell(7).value).toBe(expected[0]?.expected);
      expect(sheet?.getRow(2).getCell(10).value).toBe('Sí');
    });

    it('refuses another location’s or company’s inventory (404) and a bad format (400)', async () => {
      const { id, location } = await validatedInventory();
      expect((await as(foreign.email, 'GET', `/api/inventorys/${id}/differences/`)).statusCode).toBe(404);
      // The viewer sees T-MAD-01 only: an inventory elsewhere is 404 to them.
      expect(location).not.toBe(mad);
      expect((await as('viewer@demo.local', 'GET', `/api/inventorys/${id}/differences/`)).statusCode).toBe(404);
      const bad = await as('admin@demo.local', 'GET', `/api/inventorys/${id}/differences/?format=xml`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('format');
    });

    it('the feed lists validated inventories since a time, page by page with its cursor, each once', async () => {
      const validated = rowsOf<{ id: number }>(
        await t.database.db.execute(
          sql`select id from inventories where company_id = (select company_id from locations where id = ${mad}) and state = 2`,
        ),
      );
      expect(validated.length).toBeGreaterThan(1);
      const seen: number[] = [];
      let cursor = '';
      for (let i = 0; i < 50; i++) {
        const url = `/api/erp/inventory-differences/?limit=1${cursor ? `&cursor=${cursor}` : '&since=1970-01-01'}`;
        const r = await as('admin@demo.local', 'GET', url);
        expect(r.statusCode, r.body).toBe(200);
        const page = r.json();
        if (!page.results.length) {
          expect(page.next_cursor).toBe(cursor);
          break;
        }
        seen.push(...page.results.map((x: { id: number }) => x.id));
        cursor = page.next_cursor;
      }
      expect([...seen].sort((x, y) => x - y)).toEqual(validated.map((v) => v.id).sort((x, y) => x - y));
      // The viewer's feed is T-MAD-01's only; a bad cursor is a 400; another company sees none of ours.
      const viewer = (await as('viewer@demo.local', 'GET', '/api/erp/inventory-differences/?limit=100')).json();
      expect(viewer.results.every((x: { location: { code: string } }) => x.location.code === 'T-MAD-01')).toBe(true);
      expect((await as('admin@demo.local', 'GET', '/api/erp/inventory-differences/?cursor=abc')).statusCode).toBe(400);
      expect((await as(foreign.email, 'GET', '/api/erp/inventory-differences/')).json().results).toEqual([]);
      expect((await as(foreign.email, 'GET', `/api/erp/inventory-differences/?location=${mad}`)).statusCode).toBe(404);
    });
  });
});
