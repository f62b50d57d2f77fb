import { decodeEpc, formatDigitalLink } from '@rfid/epc';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { orders, users } from '../../db/schema/index.js';
import { seedStatsDemo } from '../../db/seed/stats-demo.js';
import { seedStockDemo } from '../../db/seed/stock-demo.js';
import { addForeignCompany, type ForeignCompany } from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

type Answer = { query: string; results: { kind: string; label: string; detail: string; route: string; is_exact: boolean }[] };

/**
 * The header search against the demo (issue 28, finding 16): each kind of query finds what it names and the page to
 * open; a location editor finds only its locations' orders; another company's order is simply not found.
 */
describe('GET /api/search/', () => {
  let t: TestApp;
  let foreign: ForeignCompany;
  /** The demo's rows, read from the database (never from the code under test). */
  let item: { epc: string; gtin: string; serial: string; location_id: number };
  let purchase: { id: number; order_code: string; destination_location_id: number };
  let movement: { id: number; order_code: string; destination_location_id: number };
  let box: { id: number; codebar: string; order_id: number };

  const search = async (who: string, query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: '/api/search/',
      query,
      headers: { authorization: await t.login(who), 'accept-language': 'en' },
    });
  const found = async (who: string, q: string, extra: Record<string, string> = {}) => {
    const response = await search(who, { q, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Answer).results;
  };
  const first = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0];

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    await seedStockDemo(db);
    await seedStatsDemo(db);
    foreign = await addForeignCompany(db);
    // The other company's administrator: every location of its company, none of the demo's.
    await db.update(users).set({ role: 1 }).where(eq(users.id, foreign.userId));
    item = await first(sql`select epc, gtin, serial, location_id from items
      where scheme = 'sgtin-96' and location_id is not null order by id limit 1`);
    purchase = await first(sql`select id, order_code, destination_location_id from orders
      where type = 'purchase' order by id limit 1`);
    movement = await first(
      sql`select id, order_code, destination_location_id from orders where type = 'movement' order by id limit 1`,
    );
    box = await first(sql`select b.id, b.codebar, b.order_id from boxes b join orders o on o.id = b.order_id
      where o.type = 'purchase' order by b.id limit 1`);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('finds an item by its hex EPC, its EPC URI and its Digital Link; the item’s page is its track page', async () => {
    const track = { kind: 'item', label: item.epc, route: `/track-epc/${item.epc}`, is_exact: true };
    expect((await found('admin@demo.local', item.epc))[0]).toMatchObject(track);
    expect((await found('admin@demo.local', item.epc.toLowerCase()))[0]).toMatchObject(track);
    expect((await found('admin@demo.local', formatDigitalLink(item.gtin, item.serial)))[0]).toMatchObject(track);
    const uri = decodeEpc(item.epc).pureIdentityUri;
    expect(uri).toMatch(/^urn:epc:id:sgtin:/);
    expect((await found('admin@demo.local', uri ?? ''))[0]).toMatchObject(track);
  });

  it('finds a product by its GTIN-14 and its GTIN-13', async () => {
    const page = { kind: 'gtin', label: item.gtin, route: `/inventory/stocks/${item.gtin}/gtin`, is_exact: true };
    expect(await found('admin@demo.local', item.gtin)).toMatchObject([page]);
    expect(item.gtin.startsWith('0')).toBe(true);
    expect(await found('admin@demo.local', item.gtin.slice(1))).toMatchObject([page]);
  });

  it('finds orders by their code (exact first, at most 8 by prefix) and a box by its barcode', async () => {
    const exact = await found('admin@demo.local', purchase.order_code);
    expect(exact[0]).toMatchObject({
      kind: 'purchase_order',
      label: purchase.order_code,
      route: `/inbound/order/${purchase.id}/detail`,
      is_exact: true,
    });
    const prefix = purchase.order_code.slice(0, 2);
    const many = await found('admin@demo.local', prefix.toLowerCase());
    expect(many.length).toBeGreaterThan(0);
    expect(many.length).toBeLessThanOrEqual(8);
    for (const result of many) expect(result.label.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
    expect(await found('admin@demo.local', box.codebar)).toContainEqual(
      expect.objectContaining({ kind: 'box', route: `/inbound/order/${box.order_id}/box/${box.id}/detail`, is_exact: true }),
    );
  });

  it('opens a movement order on the side of the header’s location', async () => {
    const atDestination = await found('admin@demo.local', movement.order_code, {
      location: String(movement.destination_location_id),
    });
    expect(atDestination[0]).toMatchObject({ kind: 'movement_order', route: `/movements/entry/order/${movement.id}/detail` });
  });

  it('refuses an empty, blank or too long query, naming the field', async () => {
    const queries: Record<string, string>[] = [{}, { q: '' }, { q: '   ' }, { q: 'x'.repeat(201) }, { q: 'PO', location: 'abc' }];
    for (const query of queries) {
      const response = await search('admin@demo.local', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.body).toMatch(/"(q|location)"/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/search/?q=PO' })).statusCode).toBe(401);
  });

  it('shows a location editor only its locations’ orders and items', async () => {
    const editorLocations = sql`(select ul.location_id from user_locations ul join users u on u.id = ul.user_id
      where u.email = 'editor@demo.local')`;
    // An order of the demo company at T-VAL-01, a store the editor is not assigned.
    await t.database.db.execute(sql`insert into orders (company_id, type, order_code, destination_location_id)
      select company_id, 'purchase', 'SEARCH-VAL-1', id from locations where code = 'T-VAL-01'`);
    const elsewhere = await first<{ order_code: string } | undefined>(sql`select order_code from orders o
      where not (coalesce(o.origin_location_id, 0) in ${editorLocations}) and not (coalesce(o.destination_location_id, 0) in ${editorLocations})
      order by id limit 1`);
    const own = await first<{ order_code: string }>(sql`select order_code from orders o
      where o.destination_location_id in ${editorLocations} order by id limit 1`);
    expect(elsewhere).toBeDefined();
    const code = elsewhere?.order_code ?? '';
    expect(await found('editor@demo.local', code)).toEqual([]);
    expect((await found('admin@demo.local', code))[0]).toMatchObject({ label: code, is_exact: true });
    expect((await found('editor@demo.local', own.order_code))[0]).toMatchObject({ label: own.order_code, is_exact: true });
    // A tag of an unknown scheme now at T-VAL-01.
    await t.database.db.execute(sql`insert into items (company_id, epc, scheme, location_id)
      select company_id, 'E2801160600002054CC2A3F1', 'unknown', id from locations where code = 'T-VAL-01'`);
    const away = await first<{ epc: string } | undefined>(sql`select epc from items where location_id is not null
      and not (location_id in ${editorLocations}) and company_id = (select company_id from users where email = 'editor@demo.local') limit 1`);
    expect(away).toBeDefined();
    const epc = away?.epc ?? '';
    expect((await found('admin@demo.local', epc)).filter((r) => r.kind === 'item')).toHaveLength(1);
    expect((await found('editor@demo.local', epc)).filter((r) => r.kind === 'item')).toEqual([]);
  });

  it('does not find another company’s order, nor show it the demo’s', async () => {
    await t.database.db.insert(orders).values({
      companyId: foreign.companyId,
      type: 'purchase',
      orderCode: `${purchase.order_code}-AJENO`,
      destinationLocationId: foreign.locationId,
    });
    const mine = await found('admin@demo.local', purchase.order_code);
    expect(mine.map((r) => r.label)).not.toContain(`${purchase.order_code}-AJENO`);
    expect(await found(foreign.email, purchase.order_code)).toEqual([
      expect.objectContaining({ label: `${purchase.order_code}-AJENO`, is_exact: false }),
    ]);
    expect(await found(foreign.email, item.epc)).toEqual([]);
  });
});
