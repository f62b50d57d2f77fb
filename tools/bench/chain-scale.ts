// `npx tsx tools/bench/chain-scale.ts --traces 10000000`: a year of a 500-store chain on PostgreSQL, with the traces
// partitioned by month (migration 0032), and the daily pages' p95 (docs/history-at-scale.md).
//
// It creates the database rfid_chain_scale (dropped at the end unless --keep), applies the migrations, loads the demo
// (seedDemo: its company, catalog of GTINs and admin@demo.local), then generates by SQL (generate_series):
// - 500 stores (copies of a demo store: location, 3 areas each);
// - items: `traces ÷ 20` tags of the demo's GTINs, spread evenly over the stores' areas;
// - one reading set per store and day of the last 365 days, and 20 traces per tag spread over the year (a tag is read
//   about every 18 days, in its store's set of that day), each trace routed by PostgreSQL to its month's partition
//   (the months are made first by the history-partitions job's repository).
// The traces' secondary indexes are dropped during the load and made again after it, then VACUUM ANALYZE.
// Then the app starts in-process (buildApp) on a free port, signs in as admin@demo.local, and calls the daily pages in
// rounds (every page once a round, after 3 warm-up rounds), --calls rounds: median and p95 per page, GET /api/health as
// the baseline. Options: --traces N (default 10,000,000), --calls N (default 40), --keep, --db NAME (time a kept one).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { seedDemo } from '../../apps/server/src/db/seed/seed.js';
import { createHistoryPartitionsRepository } from '../../apps/server/src/modules/history/history-partitions.repository.js';
import { listenSignedIn } from './app.js';
import { databaseUrlOf, dropDatabase, pgUrlOf } from './options.mjs';

const { values } = parseArgs({
  options: {
    traces: { type: 'string' },
    calls: { type: 'string' },
    keep: { type: 'boolean' },
    db: { type: 'string' },
    pg: { type: 'string' },
  },
});
const PG_URL = pgUrlOf(values.pg);
const TRACES = Number(values.traces ?? 10_000_000);
const READS_PER_TAG = 20;
const ITEMS = Math.max(1, Math.floor(TRACES / READS_PER_TAG));
const STORES = 500;
const AREAS_PER_STORE = 3;
const CALLS = Number(values.calls ?? 40);
const WARMUP = 3;
const NAME = values.db ?? 'rfid_chain_scale';
const urlOf = (database: string) => databaseUrlOf(PG_URL, database);
const started = Date.now();
const log = (message: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);

/** Copies row `id` of `table` once per n in 1..count, with `overrides` (SQL of n) in place of some columns. */
const copyRows = async (
  client: pg.Client,
  table: string,
  id: number,
  count: number,
  overrides: Record<string, string>,
): Promise<void> => {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and column_name <> 'id' order by ordinal_position`,
    [table],
  );
  const names = rows.map((r) => r.name);
  const list = names.map((n) => `"${n}"`).join(', ');
  const chosen = names.map((n) => overrides[n] ?? `t."${n}"`).join(', ');
  await client.query(
    `insert into ${table} (${list}) select ${chosen} from ${table} t, generate_series(1, ${count}) as g(n) where t.id = ${id}`,
  );
};

const generate = async (client: pg.Client) => {
  const one = async <T>(text: string) => (await client.query(text)).rows[0] as T;
  const { company } = await one<{ company: number }>('select min(id) as company from companies');
  const { store } = await one<{ store: number }>(
    `select min(l.id) as store from locations l join areas a on a.location_id = l.id where l.company_id = ${company}`,
  );
  const { area } = await one<{ area: number }>(`select min(id) as area from areas where location_id = ${store}`);
  const firstStore = (await one<{ id: number }>('select max(id) as id from locations')).id + 1;
  await copyRows(client, 'locations', store, STORES, {
    code: `'CS-' || lpad(n::text, 4, '0')`,
    description: `'Chain store ' || n`,
  });
  const firstArea = (await one<{ id: number }>('select max(id) as id from areas')).id + 1;
  // Area k of store n is area firstArea + (n - 1) * 3 + k.
  await client.query(`create temp table store_n as
    select row_number() over (order by id) as n, id as location_id from locations where id >= ${firstStore}`);
  await copyRows(client, 'areas', area, STORES * AREAS_PER_STORE, {
    location_id: `(select location_id from store_n s where s.n = (g.n - 1) / ${AREAS_PER_STORE} + 1)`,
    description: `'Area ' || ((g.n - 1) % ${AREAS_PER_STORE} + 1)`,
  });
  log(`${STORES} stores with ${AREAS_PER_STORE} areas each`);

  const types = await client.query<{ id: number; gtin: string }>(
    `select id, gtin from item_types where company_id = ${company} order by id`,
  );
  await client.query('create temp table bench_types (n int primary key, id int, gtin text)');
  await client.query(
    `insert into bench_types select row_number() over (order by id) - 1, id, gtin from item_types where company_id = ${company}`,
  );
  const typeCount = types.rows.length;
  const bulk = ['traces_epc_idx', 'traces_item_idx', 'traces_set_idx'];
  const definitions = (
    await client.query<{ def: string }>(
      `select indexdef as def from pg_indexes where tablename = 'traces' and indexname = any($1)`,
      [bulk],
    )
  ).rows.map((r) => r.def);
  for (const index of bulk) await client.query(`drop index if exists ${index}`);
  const { firstItem } = await one<{ firstItem: number }>('select coalesce(max(id), 0) + 1 as "firstItem" from items');
  // Tag g (0-based) lives in store g % 500, area (g / 500) % 3, and is of GTIN g % types.
  let at = Date.now();
  await client.query(`insert into items (company_id, epc, scheme, gtin, item_type_id, state, area_id, location_id, last_seen_at)
    select ${company}, 'C5' || lpad(to_hex(g), 22, '0'), 'unknown', t.gtin, t.id, 0,
      ${firstArea} + (g % ${STORES}) * ${AREAS_PER_STORE} + (g / ${STORES}) % ${AREAS_PER_STORE},
      ${firstStore} + g % ${STORES}, now()
    from generate_series(0, ${ITEMS - 1}) g join bench_types t on t.n = g % ${typeCount}`);
  log(`${ITEMS.toLocaleString('en')} items in ${((Date.now() - at) / 1000).toFixed(0)} s`);
  // One set per store and day d (0..364 days ago): set number s = d * 500 + store.
  const uuid = (n: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
  await client.query(`insert into reading_sets (id, company_id, location_id, area_id, working_mode, start_time, end_time, read_count, epc_count)
    select ${uuid('s')}, ${company}, ${firstStore} + s % ${STORES}, ${firstArea} + (s % ${STORES}) * ${AREAS_PER_STORE}, 0,
      date_trunc('day', now()) - (s / ${STORES}) * interval '1 day' + interval '10 hours',
      date_trunc('day', now()) - (s / ${STORES}) * interval '1 day' + interval '10 hours 5 minutes',
      ${Math.round(TRACES / (365 * STORES))}, ${Math.round(TRACES / (365 * STORES))}
    from generate_series(0, ${365 * STORES - 1}) s`);
  const repo = createHistoryPartitionsRepository((await openDatabase({ databaseUrl: urlOf(NAME) })).db);
  for (let back = 13; back >= 0; back -= 1) {
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - back, 1));
    await repo.createMonth('traces', month.toISOString().slice(0, 7));
  }
  // Read r (0..19) of tag g: day d = (r * 18 + g % 18) % 365 days ago, in its store's set of that day.
  at = Date.now();
  const chunk = 2_000_000;
  for (let from = 0; from < TRACES; from += chunk) {
    const to = Math.min(TRACES, from + chunk) - 1;
    await client.query(`insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi)
      select ${company}, ${firstItem} + g, 'C5' || lpad(to_hex(g), 22, '0'), ${uuid(`d * ${STORES} + g % ${STORES}`)},
        date_trunc('day', now()) - d * interval '1 day' + interval '10 hours' + (g % 300) * interval '1 second',
        0, a, a, 1 + g % 4, -50 - (g % 30)
      from (select x % ${ITEMS} as g, ((x / ${ITEMS}) * 18 + (x % ${ITEMS}) % 18) % 365 as d from generate_series(${from}::bigint, ${to}::bigint) x) s,
        lateral (select ${firstArea} + (g % ${STORES}) * ${AREAS_PER_STORE} + (g / ${STORES}) % ${AREAS_PER_STORE} as a) l`);
    const seconds = (Date.now() - at) / 1000;
    log(`${(to + 1).toLocaleString('en')} traces, ${Math.round((to + 1) / seconds).toLocaleString('en')} rows/s`);
  }
  at = Date.now();
  // pg_indexes gives a partitioned index as `ON ONLY traces`, which would make it for the parent alone (invalid).
  for (const def of definitions) await client.query(def.replace(' ON ONLY ', ' ON '));
  log(`traces indexes made again in ${((Date.now() - at) / 1000).toFixed(0)} s`);
  await client.query('vacuum analyze items, reading_sets, traces, locations, areas');
  log('vacuum analyze done');
  return { firstStore, firstArea, firstItem, company };
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const time = async () => {
  const database = await openDatabase({ databaseUrl: urlOf(NAME) });
  const client = new pg.Client({ connectionString: urlOf(NAME) });
  await client.connect();
  try {
    const ids = (
      await client.query<{ store: number; area: number; item: number; epc: string; traces: string }>(`
        select l.id as store, (select min(id) from areas where location_id = l.id) as area,
          (select min(id) from items where location_id = l.id) as item,
          (select epc from items where location_id = l.id order by id limit 1) as epc,
          (select count(*) from traces) as traces
        from locations l where l.code = 'CS-0250'`)
    ).rows[0];
    if (!ids) throw new Error('no chain store CS-0250: generate first');
    const { app, base, auth } = await listenSignedIn(database);
    try {
      const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const pages: { name: string; url: string; body?: unknown }[] = [
        { name: 'baseline GET /api/health', url: '/api/health' },
        { name: 'EPC tracker: find the tag', url: '/api/epc/retrieve/', body: { epc: ids.epc } },
        { name: "EPC tracker: the tag's readings", url: `/api/items/${ids.item}/readingsets/` },
        { name: "Location's day: statistics", url: `/api/locations/${ids.store}/statistics/?date_start=${day}&date_end=${day}` },
        {
          name: "Location's month: daily chart",
          url: `/api/locations/${ids.store}/graphstatistics/?module=stock&granularity=day`,
        },
        { name: "Location's free reading sets", url: `/api/locations/${ids.store}/free_reading_sets/` },
        { name: 'Stock: area summary', url: `/api/areas/${ids.area}/summary/` },
        { name: 'Stock: location', url: `/api/global-stock/?location=${ids.store}` },
      ];
      const call = async (page: (typeof pages)[number]) => {
        const at = performance.now();
        const response = await fetch(`${base}${page.url}`, {
          method: page.body ? 'POST' : 'GET',
          headers: { authorization: auth, ...(page.body ? { 'content-type': 'application/json' } : {}) },
          ...(page.body ? { body: JSON.stringify(page.body) } : {}),
        });
        await response.arrayBuffer();
        return { ms: performance.now() - at, status: response.status };
      };
      const samples = pages.map(() => ({ times: [] as number[], status: 0 }));
      for (let round = 0; round < WARMUP + CALLS; round += 1) {
        for (const [i, page] of pages.entries()) {
          const { ms, status } = await call(page);
          const sample = samples[i] as (typeof samples)[number];
          sample.status = status;
          if (round >= WARMUP) sample.times.push(ms);
        }
      }
      const baseline = percentile(
        [...(samples[0]?.times ?? [])].sort((a, b) => a - b),
        50,
      );
      console.log(
        `\n${new Date().toISOString()} PostgreSQL ${NAME}: ${Number(ids.traces).toLocaleString('en')} traces, ${STORES} stores; ${CALLS} rounds after ${WARMUP} warm-up; load ${readFileSync('/proc/loadavg', 'utf8').trim()}\n`,
      );
      console.log('| page | request | status | median ms | p95 ms | p95 ÷ baseline median |');
      console.log('|---|---|---:|---:|---:|---:|');
      for (const [i, page] of pages.entries()) {
        const sample = samples[i] as (typeof samples)[number];
        const sorted = [...sample.times].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        console.log(
          `| ${page.name} | \`${page.body ? 'POST' : 'GET'} ${page.url.replace(/\?.*/, '?…')}\` | ${sample.status} | ${percentile(sorted, 50).toFixed(1)} | ${p95.toFixed(1)} | ${(p95 / baseline).toFixed(1)} |`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await client.end();
    await database.close();
  }
};

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
if (!values.db) {
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
}
await admin.end();
let failed = false;
try {
  if (!values.db) {
    const database = await openDatabase({ databaseUrl: urlOf(NAME) });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    const client = new pg.Client({ connectionString: urlOf(NAME) });
    await client.connect();
    try {
      await generate(client);
    } finally {
      await client.end();
    }
  }
  await time();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (!values.keep && !values.db) {
    await dropDatabase(PG_URL, NAME);
    log(`dropped database ${NAME}`);
  }
}
if (failed) process.exitCode = 1;
