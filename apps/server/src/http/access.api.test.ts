import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { seedErpDemo } from '../db/seed/erp-demo.js';
import { seedStatsDemo } from '../db/seed/stats-demo.js';
import { seedStockDemo } from '../db/seed/stock-demo.js';
import { addForeignCompany } from '../test/admin-fixtures.js';
import { buildTestApp, multipartForm, type TestApp } from '../test/helpers.js';

/**
 * The access suite (issue 13): every operation of the OpenAPI document with an id in its path, called with the ids of
 * the demo company's rows by
 * - the administrator of another company: must answer 404, whatever the row;
 * - a user of other locations (the demo editor: CD-MAD, T-MAD-01, T-BCN-01) with rows of none of them: must answer 404
 *   (or 403 when the operation needs a higher role than theirs);
 * and nothing may change: every table's row count is the same after each refused write.
 *
 * Each path parameter is filled from the database by what it names (the table behind the path's resource), so a new
 * operation is covered as soon as its resource is known here; an operation whose resource is not known fails the suite.
 */

type Target = { id: string; locations: number[] | null };
type Source = (companyId: number) => ReturnType<typeof sql>;

/** The rows behind each path resource (the path up to its first parameter): their id and the locations they belong to. */
const RESOURCES: [RegExp, Source][] = [
  [
    /^\/api\/items\/\{id\}/,
    (c) => sql`select id::text, array[location_id] locs from items where company_id = ${c} and location_id is not null`,
  ],
  [/^\/api\/exit_alarms\/\{id\}/, (c) => sql`select id::text, array[location_id] locs from exit_alarms where company_id = ${c}`],
  [/^\/api\/locations\/\{(id|locationId)\}/, (c) => sql`select id::text, array[id] locs from locations where company_id = ${c}`],
  [
    /^\/api\/free_reading_set\/\{id\}/,
    (c) =>
      sql`select id::text, array[location_id] locs from reading_sets where company_id = ${c} and claimed_by is null and location_id is not null`,
  ],
  [
    /^\/api\/(v1\/)?porders\/\{id\}/,
    (c) => sql`select id::text, array[destination_location_id] locs from orders where company_id = ${c} and type = 'purchase'`,
  ],
  [
    /^\/api\/(v1\/)?morders\/\{id\}/,
    (c) =>
      sql`select id::text, array[origin_location_id, destination_location_id] locs from orders where company_id = ${c} and type = 'movement'`,
  ],
  [
    /^\/api\/(v1\/)?orders\/\{id\}/,
    (c) => sql`select id::text, array[origin_location_id] locs from orders where company_id = ${c} and type = 'online'`,
  ],
  [
    /^\/api\/receptions\/\{id\}/,
    (c) =>
      sql`select r.id::text, array_remove(array[o.origin_location_id, o.destination_location_id], null) locs
          from receptions r join orders o on o.id = r.order_id where o.company_id = ${c}`,
  ],
  [
    /^\/api\/r?boxes\/\{id\}/,
    (c) =>
      sql`select b.id::text, array_remove(array[o.origin_location_id, o.destination_location_id], null) locs
          from boxes b join orders o on o.id = b.order_id where b.company_id = ${c}`,
  ],
  [/^\/api\/providers\/\{id\}/, (c) => sql`select id::text, null::int[] locs from providers where company_id = ${c}`],
  [
    /^\/api\/provider_returns\/\{id\}/,
    (c) => sql`select id::text, array[location_id] locs from returns where company_id = ${c} and kind = 'provider'`,
  ],
  [
    /^\/api\/sale_returns\/\{id\}/,
    (c) => sql`select id::text, array[location_id] locs from returns where company_id = ${c} and kind = 'sale'`,
  ],
  [
    /^\/api\/verifications\/\{id\}/,
    (c) =>
      sql`select v.id::text, array[case when v.side = 'origin' then o.origin_location_id else o.destination_location_id end] locs
          from verifications v join orders o on o.id = v.order_id where v.company_id = ${c}`,
  ],
  [
    /^\/api\/sales\/\{id\}/,
    (c) => sql`select id::text, array[location_id] locs from pos_transactions where company_id = ${c} and kind = 'sale'`,
  ],
  [
    /^\/api\/returns\/\{id\}/,
    (c) => sql`select id::text, array[location_id] locs from pos_transactions where company_id = ${c} and kind = 'return'`,
  ],
  [
    /^\/api\/erp\/snapshots\/\{id\}/,
    (c) => sql`select id::text, location_ids locs from erp_stock_snapshots where company_id = ${c}`,
  ],
  [/^\/api\/api_keys\/\{id\}/, (c) => sql`select id::text, null::int[] locs from api_keys where company_id = ${c}`],
  [/^\/api\/inventorys\/\{id\}/, (c) => sql`select id::text, array[location_id] locs from inventories where company_id = ${c}`],
  [
    /^\/api\/(areas|boxareaseens)\/\{id\}/,
    (c) =>
      sql`select a.id::text, array[a.location_id] locs from areas a join locations l on l.id = a.location_id where l.company_id = ${c}`,
  ],
  [
    /^\/api\/contentbox\/\{codebar\}/,
    (c) =>
      sql`select b.codebar id, array_remove(array[o.origin_location_id, o.destination_location_id], null) locs
          from boxes b join orders o on o.id = b.order_id where b.company_id = ${c}`,
  ],
  [/^\/api\/types\/\{id\}/, (c) => sql`select id::text, null::int[] locs from item_types where company_id = ${c}`],
  [
    /^\/api\/minstock\/\{id\}/,
    (c) =>
      sql`select m.id::text, array[a.location_id] locs from minimum_stocks m join areas a on a.id = m.area_id where m.company_id = ${c}`,
  ],
  [/^\/api\/companies\/\{id\}/, (c) => sql`select id::text, null::int[] locs from companies where id = ${c}`],
  [/^\/api\/brands\/\{id\}/, (c) => sql`select id::text, null::int[] locs from brands where company_id = ${c}`],
  [
    /^\/api\/tagformat\/\{id\}/,
    (c) =>
      sql`select distinct f.id::text, null::int[] locs from tag_formats f join tag_company_formats cf on cf.tag_format_id = f.id where cf.company_id = ${c}`,
  ],
  [
    /^\/api\/printer\/print_orders\/\{id\}/,
    (c) =>
      sql`select p.id::text, (select array_agg(location_id) from print_order_locations where print_order_id = p.id) locs
          from print_orders p where p.company_id = ${c}`,
  ],
  [
    /^\/api\/nicelabelorder\/\{id\}/,
    (c) =>
      sql`select n.id::text, array[o.destination_location_id] locs from nicelabel_orders n join orders o on o.id = n.order_id where n.company_id = ${c}`,
  ],
  [
    /^\/api\/stickers_pdfs\/\{id\}/,
    (c) =>
      sql`select p.id::text, array_remove(array[o.origin_location_id, o.destination_location_id], null) locs
          from sticker_pdfs p join stickers s on s.id = p.sticker_id join orders o on o.id = s.order_id where s.company_id = ${c}`,
  ],
  [/^\/api\/ticket\/\{id\}/, (c) => sql`select id::text, array[location_id] locs from support_tickets where company_id = ${c}`],
  [
    /^\/api\/file_creation_progress\/\{taskId\}/,
    (c) => sql`select id::text, null::int[] locs from export_jobs where company_id = ${c}`,
  ],
  [/^\/api\/readers\/\{id\}/, (c) => sql`select id::text, array[location_id] locs from devices where company_id = ${c}`],
  [
    /^\/api\/(printer\/)?printers\/\{id\}/,
    (c) => sql`select id::text, array[location_id] locs from printers where company_id = ${c}`,
  ],
  [
    /^\/api\/locationusers\/\{id\}/,
    (c) =>
      sql`select u.id::text, (select array_agg(location_id) from user_locations where user_id = u.id) locs from users u
          where u.company_id = ${c} and u.role > 2`,
  ],
  [/^\/api\/v1\/types\/\{gtin\}/, (c) => sql`select gtin id, null::int[] locs from item_types where company_id = ${c}`],
  [/^\/nms\/device\/\{id\}/, (c) => sql`select id::text, array[location_id] locs from devices where company_id = ${c}`],
  [
    /^\/nms\/deviceapp\/\{id\}/,
    (c) =>
      sql`select a.id::text, array[d.location_id] locs from device_applications a join devices d on d.id = a.device_id where d.company_id = ${c}`,
  ],
];

/** Second parameters: the box of the order, an item type of the company. */
const SECOND: Record<string, Source> = {
  boxId: (c) => sql`select id::text, null::int[] locs from boxes where company_id = ${c}`,
  itemType: (c) => sql`select id::text, null::int[] locs from item_types where company_id = ${c}`,
  id: (c) => sql`select id::text, null::int[] locs from providers where company_id = ${c}`,
  // A store's floor target (issue 26): the override rows of the company's locations.
  targetId: (c) =>
    sql`select t.id::text, null::int[] locs from floor_targets t join locations l on l.id = t.location_id where l.company_id = ${c}`,
};

/** Values for fields whose format a schema names only by a pattern or a rule. */
const KNOWN_VALUES: Record<string, unknown> = {
  mac: '84:24:8D:00:00:09',
  mac_address: '84:24:8D:00:00:09',
  ip_address: '10.0.0.9',
  canceled: true,
  gtin: '08437012000015',
};

/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The multipart uploads (not described as bodies in the OpenAPI document): their field and a file they accept. */
const MULTIPART: [RegExp, { field: string; filename: string; type: string; content: Buffer }][] = [
  [/\/logo\/$/, { field: 'logo', filename: 'logo.png', type: 'image/png', content: PNG }],
  [
    /\/upload_inventory_file\/$/,
    { field: 'file', filename: 'count.csv', type: 'text/csv', content: Buffer.from('gtin;quantity\n08437012000015;1\n') },
  ],
];

const multipart = ({ field, filename, type, content }: (typeof MULTIPART)[number][1]) =>
  multipartForm([{ name: field, filename, type, content }]);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
};

/** A value the schema accepts (its simplest), so a write reaches the access check instead of stopping at validation. */
const sample = (schema: Schema | undefined, id: number): unknown => {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return sample(variant, id);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const key of schema.required ?? []) body[key] = KNOWN_VALUES[key] ?? sample(schema.properties?.[key], id);
      return body;
    }
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => sample(schema.items, id)) : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1) === 1 ? id : (schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return '2026-11-20T10:00:00.000Z';
      if (schema.format === 'date') return '2026-11-20';
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'x@example.com';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return undefined;
  }
};

/** Rows the demo seed does not make, one per location of the demo company, so every operation has something to try. */
const addDemoRows = async (t: TestApp) => {
  const db = t.database.db;
  await db.execute(sql`
    insert into returns (company_id, kind, location_id, code, start_time, end_time)
    select l.company_id, k.kind, l.id, 'RET-' || l.id || '-' || k.kind, now(), now()
    from locations l, unnest(array['provider', 'sale']) as k(kind)`);
  await db.execute(sql`
    insert into pos_transactions (company_id, kind, location_id, start_time, end_time)
    select l.company_id, k.kind, l.id, now(), now() from locations l, unnest(array['sale', 'return']) as k(kind)`);
  await db.execute(sql`
    insert into support_tickets (company_id, location_id, email, topic, description, screenshot, screenshot_mime)
    select company_id, id, 'x@example.com', 'one two three four five', 'd', 'iVBORw0KGgo=', 'image/png' from locations`);
  // An exit alarm at every location (issue 26; the gate's handler makes them from reads, the item's row is not needed).
  await db.execute(sql`
    insert into exit_alarms (company_id, location_id, item_id, epc, item_state, first_read_at, last_read_at)
    select company_id, id, 0, 'E2E-ACCESS-' || id, 0, now(), now() from locations`);
  // A floor target override at every location (issue 26, replenishment).
  await db.execute(sql`
    insert into floor_targets (location_id, gtin, target) select id, '0843701200' || lpad(id::text, 4, '0'), 2 from locations`);
  await db.execute(sql`
    insert into device_applications (device_id, application) select id, 'everyware' from devices`);
  await db.execute(sql`
    with s as (
      insert into stickers (company_id, order_id, box_ids, box_count, status)
      select company_id, id, null, 0, 2 from orders returning id
    )
    insert into sticker_pdfs (sticker_id, file_name, pages, content) select id, 'x.pdf', 1, 'JVBERg==' from s`);
  const admin = await t.login('admin@demo.local');
  const purchases = (await db.execute(sql`select id from orders where type = 'purchase'`)).rows as { id: number }[];
  for (const { id } of purchases) {
    const res = await t.app.inject({ method: 'GET', url: `/api/porders/${id}/nicelabel/`, headers: { authorization: admin } });
    if (res.statusCode >= 300) throw new Error(`nicelabel ${id}: ${res.statusCode} ${res.body}`);
  }
};

type Operation = { method: string; path: string; body?: Schema; isMultipart: boolean };

describe('access: another company and another location get 404 and change nothing', () => {
  let t: TestApp;
  let operations: Operation[];
  let demoCompany: number;
  let editorLocations: number[];
  let foreignAdmin: string;
  let editor: string;

  const rows = async (source: Source): Promise<Target[]> =>
    (await t.database.db.execute(source(demoCompany))).rows.map((row) => {
      const r = row as { id: string; locs: number[] | null };
      return { id: r.id, locations: r.locs };
    });

  const tableCounts = async (): Promise<Map<string, number>> => {
    const tables = (
      await t.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%'`,
      )
    ).rows.map((r) => (r as { table_name: string }).table_name);
    const counts = new Map<string, number>();
    for (const table of tables) {
      const [row] = (await t.database.db.execute(sql.raw(`select count(*)::int n from "${table}"`))).rows as { n: number }[];
      counts.set(table, row?.n ?? 0);
    }
    return counts;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    // The whole demo, as the first start makes it: orders, boxes, verifications, returns, sales, stock.
    await seedStockDemo(db);
    await seedStatsDemo(db);
    // Issue 27: an ERP snapshot of two stores, and an API key of the company.
    await seedErpDemo(db);
    await db.execute(sql`
      insert into api_keys (company_id, name, prefix, key_hash)
      select company_id, 'access suite', 'rfid_access', 'access-suite-hash' from locations where code = 'T-MAD-01'`);
    await addDemoRows(t);
    const foreign = await addForeignCompany(db);
    await db.insert(users).values({
      companyId: foreign.companyId,
      email: 'foreign-admin@other.local',
      firstName: 'Otra',
      lastName: 'Administradora',
      role: 1,
      editor: true,
      passwordHash: await hash('demo1234'),
    });
    foreignAdmin = await t.login('foreign-admin@other.local');
    editor = await t.login('editor@demo.local');
    const [company] = (await db.execute(sql`select company_id from users where email = 'editor@demo.local'`)).rows as {
      company_id: number;
    }[];
    demoCompany = company?.company_id as number;
    editorLocations = (
      await db.execute(
        sql`select ul.location_id from user_locations ul join users u on u.id = ul.user_id where u.email = 'editor@demo.local'`,
      )
    ).rows.map((r) => (r as { location_id: number }).location_id);
    const admin = await t.login('admin@demo.local');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: admin } })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.includes('{'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          body: op.requestBody?.content?.['application/json']?.schema,
          isMultipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
        })),
      );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** The operation's URL with the given first id and, for a second parameter, one of the demo company's. */
  const urlOf = async (operation: Operation, id: string): Promise<string> => {
    let url = operation.path;
    const params = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    url = url.replace(`{${params[0]}}`, encodeURIComponent(id));
    for (const name of params.slice(1)) {
      const source = SECOND[name];
      if (!source) throw new Error(`${operation.path}: no rows known for {${name}}`);
      const [row] = await rows(source);
      url = url.replace(`{${name}}`, encodeURIComponent(row?.id ?? '1'));
    }
    return url;
  };

  /**
   * A body the operation's schema accepts: its required fields, and for an update the row as the demo administrator
   * reads it (so a write is refused for who calls it, not for what it sends).
   */
  const bodyOf = async (operation: Operation, url: string): Promise<object | undefined> => {
    if (operation.method === 'GET' || operation.method === 'DELETE' || !operation.body) return undefined;
    const body = sample(operation.body, 1) as Record<string, unknown>;
    if (operation.method === 'PUT' || operation.method === 'PATCH') {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: await t.login('admin@demo.local') } });
      if (res.statusCode === 200 && res.headers['content-type']?.toString().includes('json')) {
        const current = res.json() as Record<string, unknown>;
        for (const key of Object.keys(operation.body.properties ?? {})) {
          const value = current[key];
          // A row read as {id, description} is written back by its id.
          if (value && typeof value === 'object' && 'id' in value) body[key] = value.id;
          else if (key in current) body[key] = value;
        }
        for (const key of Object.keys(operation.body.properties ?? {})) if (key in KNOWN_VALUES) body[key] = KNOWN_VALUES[key];
      }
    }
    return body;
  };

  const call = async (operation: Operation, url: string, authorization: string) => {
    const upload = MULTIPART.find(([pattern]) => pattern.test(operation.path))?.[1];
    if (upload && operation.method !== 'GET') {
      const { payload, headers } = multipart(upload);
      return t.app.inject({ method: operation.method as 'PUT', url, headers: { authorization, ...headers }, payload });
    }
    const payload = await bodyOf(operation, url);
    return t.app.inject({ method: operation.method as 'GET', url, headers: { authorization }, ...(payload ? { payload } : {}) });
  };

  it('knows the rows behind every operation with an id', () => {
    const unknown = operations.filter((op) => !RESOURCES.some(([pattern]) => pattern.test(op.path)));
    expect(unknown.map((op) => `${op.method} ${op.path}`)).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('answers 404 to the administrator of another company, for every operation, and changes nothing', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const source = RESOURCES.find(([pattern]) => pattern.test(operation.path))?.[1];
      if (!source) continue;
      const [target] = await rows(source);
      if (!target) {
        failures.push(`${operation.method} ${operation.path}: the demo has no row to try`);
        continue;
      }
      const url = await urlOf(operation, target.id);
      const before = operation.method === 'GET' ? undefined : await tableCounts();
      const res = await call(operation, url, foreignAdmin);
      if (res.statusCode !== 404) failures.push(`${operation.method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      if (before) {
        const after = await tableCounts();
        for (const [table, n] of before) {
          if (after.get(table) !== n) failures.push(`${operation.method} ${url}: ${table} ${n} → ${after.get(table)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers 404 (or 403 for a role too low) to a user of other locations, and changes nothing', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const operation of operations) {
      const source = RESOURCES.find(([pattern]) => pattern.test(operation.path))?.[1];
      if (!source) continue;
      const target = (await rows(source)).find(
        (row) => row.locations !== null && row.locations.length > 0 && !row.locations.some((l) => editorLocations.includes(l)),
      );
      if (!target) continue;
      tried += 1;
      const url = await urlOf(operation, target.id);
      const before = operation.method === 'GET' ? undefined : await tableCounts();
      const res = await call(operation, url, editor);
      if (res.statusCode !== 404 && res.statusCode !== 403)
        failures.push(`${operation.method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      if (before) {
        const after = await tableCounts();
        for (const [table, n] of before) {
          if (after.get(table) !== n) failures.push(`${operation.method} ${url}: ${table} ${n} → ${after.get(table)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(40);
  }, 300_000);
});
