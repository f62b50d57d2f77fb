// `npx tsx tools/bench/porders.ts`: the inbound dashboard's list with 100,000 purchase orders.
//
// For each database (in-memory PGlite, then PostgreSQL when one answers) it migrates a fresh
// database, loads the demo data, bulk-generates N purchase orders with SQL (2 boxes each, their
// contents, and a reading set plus a verification for every verified box), runs ANALYZE, starts
// the API on a free port and times 50 calls of GET /api/locations/{id}/v1/porders/ per scenario
// over HTTP (after 5 warm-up calls): median and p95. Target: a filtered page under 100 ms.
// The ratio column is the scenario's median over the unfiltered first page's median.
//
// Options: --quick (10,000 orders, 20 calls), --orders N, --calls N, --only pglite|postgres,
// --keep (leave the PostgreSQL database for EXPLAIN), --pg URL (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { seedDemo } from '../../apps/server/src/db/seed/seed.js';
import { listenSignedIn } from './app.js';
import { databaseUrlOf, dropDatabase, httpBenchOptions, pgUrlOf } from './options.mjs';

const { values } = parseArgs({
  options: { ...httpBenchOptions, orders: { type: 'string' } },
});
const quick = values.quick ?? false;
const ORDERS = Number(values.orders ?? (quick ? 10_000 : 100_000));
const CALLS = Number(values.calls ?? (quick ? 20 : 50));
const WARMUP = 5;
const PG_URL = pgUrlOf(values.pg);
const TARGET_MS = 100;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** N purchase orders, 60% to CD-MAD, with boxes, contents, reading sets and verifications. */
const generate = async (database: Database): Promise<void> => {
  const { db } = database;
  const one = async <T>(query: string): Promise<T[]> => rowsOf<T>(await db.execute(query));
  const [company] = await one<{ id: number }>('select id from companies order by id limit 1');
  const locations = await one<{ id: number; code: string }>('select id, code from locations order by id');
  const providers = (await one<{ id: number }>('select id from providers order by id')).map((r) => r.id);
  const types = (await one<{ id: number }>('select id from item_types order by id')).map((r) => r.id);
  const mad = locations.find((l) => l.code === 'CD-MAD')?.id;
  const others = locations.filter((l) => l.id !== mad).map((l) => l.id);
  const c = company?.id;
  await db.execute(`
    insert into orders (company_id, type, order_code, provider_id, destination_location_id, destination_status,
      creation_date, estimated_arrival_date, arrival_date, container)
    select ${c}, 'purchase', 'BENCH-' || lpad(g::text, 7, '0'),
      (array[${providers.join(',')}])[1 + g % ${providers.length}],
      case when g % 10 < 6 then ${mad} else (array[${others.join(',')}])[1 + g % ${others.length}] end,
      s.status,
      now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute',
      now() - (g % 730) * interval '1 day' + interval '3 days',
      case when s.status in (1, 2, 3) then now() - (g % 730) * interval '1 day' + interval '3 days' + ((g % 48) - 24) * interval '1 hour' end,
      ''
    from generate_series(1, ${ORDERS}) g
    cross join lateral (select (array[0, 1, 2, 3, 3, 3, 3, 2, 0, 4])[1 + (g / 7) % 10] as status) s`);
  await db.execute(`
    insert into boxes (company_id, order_id, codebar, destination_status, destination_reading_time)
    select o.company_id, o.id, 'BX-' || o.id || '-' || k,
      case o.destination_status when 3 then 2 when 2 then (case k when 1 then 1 else 2 end)
        when 1 then (case k when 1 then 2 else 0 end) else 0 end,
      case when o.destination_status = 3 or o.destination_status = 2 or (o.destination_status = 1 and k = 1)
        then o.arrival_date + k * interval '20 minutes' end
    from orders o cross join generate_series(1, 2) k
    where o.order_code like 'BENCH-%'`);
  await db.execute(`
    insert into box_contents (box_id, item_type_id, quantity)
    select b.id, (array[${types.join(',')}])[1 + (b.id * j) % ${types.length}], 1 + (b.id + j) % 5
    from boxes b cross join generate_series(1, 2) j
    where b.codebar like 'BX-%'`);
  await db.execute(`
    insert into reading_sets (id, company_id, location_id, working_mode, codebar, start_time, end_time, read_count, epc_count, claimed_by)
    select gen_random_uuid(), b.company_id, o.destination_location_id, 0, b.codebar,
      b.destination_reading_time - interval '5 seconds', b.destination_reading_time, 6, 6, 'verification'
    from boxes b join orders o on o.id = b.order_id
    where b.codebar like 'BX-%' and b.destination_status in (1, 2)`);
  await db.execute(`
    insert into verifications (company_id, box_id, order_id, reading_set_id, side, valid, code, start_time, end_time,
      real_item_count, matched_item_count, has_errors)
    select b.company_id, b.id, b.order_id, rs.id, 'destination', true, b.codebar, rs.start_time, rs.end_time,
      case b.destination_status when 2 then 6 else 5 end, 5, b.destination_status = 1
    from boxes b join reading_sets rs on rs.codebar = b.codebar and rs.company_id = b.company_id
    where b.codebar like 'BX-%' and b.destination_status in (1, 2)`);
  await db.execute('analyze');
};

const percentile = (sorted: number[], p: number): number => {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
};

type Result = { scenario: string; median: number; p95: number; count: number };

const runOn = async (kind: 'pglite' | 'postgres'): Promise<Result[] | null> => {
  let database: Database;
  let cleanup = async () => {};
  if (kind === 'postgres') {
    const name = `rfid_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch {
      console.log(`postgres: no server at ${PG_URL}, skipped`);
      return null;
    }
    await admin.query(`create database ${name}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: databaseUrlOf(PG_URL, name) });
    cleanup = async () => {
      if (values.keep) {
        console.log(`postgres: kept database ${name}`);
        return;
      }
      await dropDatabase(PG_URL, name);
    };
  } else {
    database = await openDatabase({ inMemory: true });
  }
  try {
    await database.migrate();
    await seedDemo(database.db);
    const started = performance.now();
    await generate(database);
    const [counts] = rowsOf<{ orders: number; boxes: number; verifications: number }>(
      await database.db.execute(
        'select (select count(*) from orders)::int as orders, (select count(*) from boxes)::int as boxes, (select count(*) from verifications)::int as verifications',
      ),
    );
    console.log(
      `${kind}: generated ${counts?.orders} orders, ${counts?.boxes} boxes, ${counts?.verifications} verifications in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const { app, base, auth } = await listenSignedIn(database);
    try {
      const [mad] = rowsOf<{ id: number }>(await database.db.execute("select id from locations where code = 'CD-MAD'"));
      const [provider] = rowsOf<{ name: string }>(await database.db.execute('select name from providers order by id limit 1'));
      const list = `/api/locations/${mad?.id}/v1/porders/?limit=11&order_by=-creation_date`;
      const scenarios: [string, string][] = [
        ['first page, no filter', list],
        [
          'filtered: state 3 + arrival range (30 days)',
          `${list}&destination_status=3&arrival_date__gte=${isoDaysAgo(60)}&arrival_date__lte=${isoDaysAgo(30)}`,
        ],
        ['filtered: order code contains', `${list}&order_code__icontains=00123`],
        ['filtered: id contains', `${list}&id__icontains=4567`],
        [
          'filtered: provider name contains',
          `${list}&origin__name__icontains=${encodeURIComponent((provider?.name ?? 'a').slice(0, 5))}`,
        ],
        ['filtered: report type with errors, page 50', `${list}&report_type=with_errors&offset=539`],
      ];
      const results: Result[] = [];
      for (const [scenario, url] of scenarios) {
        const times: number[] = [];
        let count = 0;
        for (let i = 0; i < WARMUP + CALLS; i += 1) {
          const t0 = performance.now();
          const response = await fetch(`${base}${url}`, { headers: { authorization: auth } });
          const body = (await response.json()) as { count: number };
          const elapsed = performance.now() - t0;
          if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
          count = body.count;
          if (i >= WARMUP) times.push(elapsed);
        }
        times.sort((x, y) => x - y);
        results.push({ scenario, median: percentile(times, 50), p95: percentile(times, 95), count });
      }
      return results;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await cleanup();
  }
};

const isoDaysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString();

const print = (kind: string, results: Result[]) => {
  const baseline = results[0]?.median ?? 1;
  console.log(
    `\n${kind}: GET /api/locations/{CD-MAD}/v1/porders/ with ${ORDERS.toLocaleString('en')} orders, ${CALLS} calls each`,
  );
  console.log('| scenario | matches | median ms | p95 ms | ratio | < 100 ms |');
  console.log('|---|---:|---:|---:|---:|:---:|');
  for (const r of results) {
    console.log(
      `| ${r.scenario} | ${r.count} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.median / baseline).toFixed(2)} | ${r.p95 < TARGET_MS ? 'yes' : 'NO'} |`,
    );
  }
};

const kinds = (values.only ? [values.only] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
for (const kind of kinds) {
  const results = await runOn(kind);
  if (results) print(kind, results);
}
