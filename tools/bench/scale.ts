// `npm run bench:scale`: every list and statistic of the API with 1 M items and 10 M traces on PostgreSQL.
//
// It creates a database rfid_scale_<random> on the server (default postgres://postgres@127.0.0.1:5432/postgres),
// applies the product's migrations, loads the demo (seedDemo, seedStockDemo, seedStatsDemo: what a first
// start loads), then bulk-generates with set-based SQL (`insert … select … from generate_series`), spread
// over the demo company's locations, areas, readers and GTINs:
// - items: SGTIN-96 tags of the catalog's GTINs; 40 % of them STOCKED in CD-MAD "Almacén" (the big
//   area), the rest spread over the other 23 areas (70 % STOCKED, then SOLD, IN TRANSIT, UNKNOWN, RETURNED);
// - reading sets of 200 tags (inventory handhelds, free reads, box verifications with a barcode) over
//   the last year, and one trace per tag and set: every tag is read `traces ÷ items` times;
// - inventories every 14 days in every area, the latest one of each area open with its snapshot of
//   expected items, its reads (≈3 % missing, some strays) and its per-GTIN counts: 400 k expected
//   in the big area;
// - purchase orders, movements and online orders with boxes and contents, POS sales and returns, and
//   a year of daily stock snapshots.
// Secondary indexes of the bulk tables are dropped during the load and re-created from their own
// definitions (the schema's), then VACUUM ANALYZE (the state autovacuum keeps a table in).
//
// Then it starts the app in-process (buildApp) on a free port, signs in as admin@demo.local and
// calls every GET route of the OpenAPI document whose answer is a page ({count, results}) or a
// statistic, plus filtered scenarios, `--calls` times each after 3 warm-up calls, and prints median
// and p95 per endpoint as a markdown table, with GET /api/health as the baseline (ratio = median ÷
// the baseline's median). The calls go in rounds (every endpoint once a round), so a burst of
// load from elsewhere on the machine is shared by all endpoints. Targets: a list ≤ 100 ms p95, a
// statistic ≤ 300 ms p95. The database is dropped at the end.
//
// Options: --quick (100,000 items, 1,000,000 traces, 10 calls), --items N, --traces N (a multiple of
// the items), --calls N, --only TEXT (endpoints whose path contains TEXT), --keep (leave the database,
// for EXPLAIN), --db NAME (time an existing database made with --keep: migrations are applied, no
// generation), --pg URL (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres),
// --explain (after the timing, each list endpoint once more: the SQL statements its request ran, each under
// EXPLAIN (ANALYZE, BUFFERS), flagged and written to tools/bench/EXPLAIN_RESULTS.md; see explain.ts).
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ItemState } from '@rfid/contract';
import { encodeSgtin96 } from '@rfid/epc';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { seedDemo } from '../../apps/server/src/db/seed/seed.js';
import { seedStatsDemo } from '../../apps/server/src/db/seed/stats-demo.js';
import { seedStockDemo } from '../../apps/server/src/db/seed/stock-demo.js';
import { listenSignedIn } from './app.js';
import {
  bigTablesOf,
  captureStatements,
  type EndpointExplained,
  EXPLAIN_HEADER,
  explainAll,
  explainReport,
  statementsOf,
} from './explain.js';
import { databaseUrlOf, dropDatabase, httpBenchOptions, pgUrlOf } from './options.mjs';

const { values } = parseArgs({
  options: {
    ...httpBenchOptions,
    items: { type: 'string' },
    traces: { type: 'string' },
    db: { type: 'string' },
    explain: { type: 'boolean' },
  },
});
const quick = values.quick ?? false;
const ITEMS = Number(values.items ?? (quick ? 100_000 : 1_000_000));
const ROUNDS = Math.max(1, Math.round(Number(values.traces ?? (quick ? 1_000_000 : 10_000_000)) / ITEMS));
const TRACES = ROUNDS * ITEMS;
const CALLS = Number(values.calls ?? (quick ? 10 : 30));
const WARMUP = 3;
const PG_URL = pgUrlOf(values.pg);
const LIST_MS = 100;
const STAT_MS = 300;

/** Tags per reading set. */
const SET_SIZE = 200;
/** Serials of the generated tags start here (clear of the demo's, the simulator's and printed tags; < 2^38). */
const SERIAL_BASE = 200_000_000_000;
/** The big area holds this share of the items (a multiple of 1,000 items). */
const BIG_SHARE = 0.4;
/** Items of the other areas come in runs of this many per area. */
const RUN = 1000;
const INVENTORIES_PER_AREA = 26;

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const timed = async (label: string, client: pg.Client, query: string): Promise<void> => {
  const t0 = performance.now();
  const result = await client.query(query);
  log(`${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

/* ------------------------------------------------------------------ generation */

const { Stocked, Sold, InTransit, Unknown, ReturnedToSupplier } = ItemState;

/** What the generation's statements share: the demo's ids, the sizes, and SQL expressions of a tag's or a set's number. */
type Generation = {
  client: pg.Client;
  one: <T>(query: string) => Promise<T[]>;
  c: number;
  admin: { id: number } | undefined;
  centers: number[];
  stores: number[];
  providerIds: number[];
  N: number;
  BIG: number;
  OTHER: number;
  TYPES: number;
  PER_ROUND: number;
  SETS: number;
  i0: number;
  areaOf: (g: string) => string;
  stateOf: (g: string) => string;
  typeOf: (g: string) => string;
  setTime: (s: string) => string;
  uuidOf: (text: string) => string;
  setId: (s: string) => string;
  epcOf: (g: string) => string;
  lastSet: (g: string) => string;
};

/** The demo's ids and the GTINs' and areas' tables of the generation (bench_types, bench_areas). */
const generationOf = async (client: pg.Client): Promise<Generation> => {
  const one = async <T>(query: string): Promise<T[]> => (await client.query(query)).rows as T[];
  await client.query(`set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);

  const [company] = await one<{ id: number }>('select id from companies order by id limit 1');
  const c = Number(company?.id);
  const areaRows = await one<{ id: number; location_id: number; code: string; description: string; device_id: number | null }>(`
    select a.id, a.location_id, l.code, a.description,
      (select d.id from devices d where d.area_id = a.id order by d.id limit 1) as device_id
    from areas a join locations l on l.id = a.location_id order by a.id`);
  const big = areaRows.find((a) => a.code === 'CD-MAD' && a.description === 'Almacén');
  if (!big) throw new Error('demo area CD-MAD Almacén not found');
  const others = areaRows.filter((a) => a.id !== big.id);
  const typeRows = await one<{ id: number; gtin: string }>(`select id, gtin from item_types where company_id = ${c} order by id`);
  const [admin] = await one<{ id: number }>("select id from users where email = 'admin@demo.local'");
  const locationRows = await one<{ id: number; kind: string }>('select id, kind from locations order by id');
  const centers = locationRows.filter((l) => l.kind === 'center').map((l) => l.id);
  const stores = locationRows.filter((l) => l.kind === 'store').map((l) => l.id);
  const providerIds = (await one<{ id: number }>('select id from providers order by id')).map((r) => r.id);

  // SGTIN-96 = 58 bits fixed by the GTIN (header, filter, partition, company prefix, item reference)
  // + a 38-bit serial: the first 14 hex digits come from the GTIN, the last 10 from the GTIN's last
  // 2 bits and the serial, so SQL can write every tag's EPC exactly as the codec does.
  const types = typeRows.map((t, n) => {
    const hex = encodeSgtin96({ gtin: t.gtin, serial: 0, companyPrefixLength: 7 });
    return { n, id: t.id, gtin: t.gtin, head: hex.slice(0, 14), tail: Number(BigInt(`0x${hex.slice(14)}`) >> 38n) };
  });
  await client.query(`
    drop table if exists bench_types; drop table if exists bench_areas;
    create table bench_types (n int primary key, id int not null, gtin text not null, head text not null, tail bigint not null);
    create table bench_areas (n int primary key, area_id int not null, location_id int not null, device_id int);
    insert into bench_types values ${types.map((t) => `(${t.n}, ${t.id}, '${t.gtin}', '${t.head}', ${t.tail})`).join(', ')};
    insert into bench_areas values ${[big, ...others].map((a, n) => `(${n}, ${a.id}, ${a.location_id}, ${a.device_id ?? 'null'})`).join(', ')};`);

  const N = ITEMS;
  const BIG = Math.round((N * BIG_SHARE) / RUN) * RUN;
  const OTHER = others.length;
  const TYPES = types.length;
  const PER_ROUND = Math.ceil(N / SET_SIZE);
  const SETS = ROUNDS * PER_ROUND;
  const [maxItem] = await one<{ id: string | null }>('select max(id) as id from items');
  const i0 = Number(maxItem?.id ?? 0);
  // Per tag number g (1..N): its area (0 = the big one), its state and its GTIN.
  const areaOf = (g: string) => `(case when ${g} <= ${BIG} then 0 else 1 + ((${g} - ${BIG} - 1) / ${RUN}) % ${OTHER} end)`;
  const stateOf = (g: string) => `(case when ${g} <= ${BIG} then ${Stocked} else (array[
      ${Stocked}, ${Stocked}, ${Stocked}, ${Stocked}, ${Stocked}, ${Stocked}, ${Stocked}, ${Stocked}, ${Stocked}, ${Stocked},
      ${Stocked}, ${Stocked}, ${Stocked}, ${Stocked}, ${Sold}, ${Sold}, ${Sold}, ${InTransit}, ${Unknown}, ${ReturnedToSupplier}
    ])[1 + (${g} - ${BIG}) % 20] end)`;
  const typeOf = (g: string) => `mod(abs(hashint8(${g}::bigint)), ${TYPES})`;
  // Set s (round k = s / PER_ROUND, j = s % PER_ROUND) holds tags j*SET_SIZE+1 …; sets spread over the last 364 days.
  const setTime = (s: string) => `(now() - interval '364 days' + (${s}) * (interval '364 days' / ${SETS}))`;
  // A version-4 UUID (the API checks the format) made from the set's number, so traces can point at it.
  const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
  const setId = (s: string) => uuidOf(`'scale-set-' || (${s})`);
  const epcOf = (g: string) => `t.head || lpad(upper(to_hex(t.tail * 274877906944 + ${SERIAL_BASE} + ${g})), 10, '0')`;
  const lastSet = (g: string) => `(${(ROUNDS - 1) * PER_ROUND} + (${g} - 1) / ${SET_SIZE})`;
  return {
    client,
    one,
    c,
    admin,
    centers,
    stores,
    providerIds,
    N,
    BIG,
    OTHER,
    TYPES,
    PER_ROUND,
    SETS,
    i0,
    areaOf,
    stateOf,
    typeOf,
    setTime,
    uuidOf,
    setId,
    epcOf,
    lastSet,
  };
};

/** The load drops the bulk tables' secondary indexes and re-creates them from their definitions (rebuild). */
const dropBulkIndexes = async (g: Generation): Promise<Array<{ indexname: string; indexdef: string }>> => {
  const { client, one } = g;
  const bulkTables = ['items', 'traces', 'reading_sets', 'inventory_expected_items', 'inventory_read_items'];
  const indexes = await one<{ indexname: string; indexdef: string }>(`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in (${bulkTables.map((t) => `'${t}'`).join(', ')})
      and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`);
  for (const index of indexes) await client.query(`drop index "${index.indexname}"`);
  return indexes;
};

/** Items, their reading sets and their traces. */
const generateItems = async (g: Generation) => {
  const { client, one, c, N, PER_ROUND, SETS, i0, areaOf, stateOf, typeOf, setTime, setId, epcOf, lastSet } = g;
  await timed(
    'items',
    client,
    `insert into items (id, company_id, epc, scheme, gtin, serial, item_type_id, state, area_id, location_id, last_seen_at, created_at)
    select ${i0} + g, ${c}, ${epcOf('g')}, 'sgtin-96', t.gtin, (${SERIAL_BASE} + g)::text, t.id, x.state,
      case when x.state = ${Stocked} then a.area_id end, case when x.state = ${Stocked} then a.location_id end,
      ${setTime(lastSet('g'))}, ${setTime(`(g - 1) / ${SET_SIZE}`)} - interval '1 day'
    from generate_series(1, ${N}) g
    cross join lateral (select ${areaOf('g')} as an, ${stateOf('g')} as state, ${typeOf('g')} as tn) x
    join bench_types t on t.n = x.tn
    join bench_areas a on a.n = x.an`,
  );
  await client.query(`select setval(pg_get_serial_sequence('items', 'id'), (select max(id) from items))`);
  const [sample] = await one<{ epc: string; gtin: string; serial: string }>(
    `select epc, gtin, serial from items where id = ${i0 + 1}`,
  );
  const check = encodeSgtin96({ gtin: sample?.gtin ?? '', serial: sample?.serial ?? '', companyPrefixLength: 7 });
  if (sample?.epc !== check) throw new Error(`generated EPC ${sample?.epc} is not the codec's ${check}`);

  await timed(
    'reading sets',
    client,
    `insert into reading_sets (id, company_id, device_id, location_id, area_id, working_mode, codebar, start_time, end_time,
      read_count, epc_count, claimed_by, created_at)
    select ${setId('s')}, ${c}, a.device_id, a.location_id, a.area_id,
      case when s % 10 < 7 then 2 else 0 end,
      case when s % 10 >= 7 then 'SCALE-' || lpad((1 + s % ${Math.max(1, Math.floor(N / 40))})::text, 8, '0') end,
      ${setTime('s')} - interval '2 minutes', ${setTime('s')}, 3 * x.n, x.n,
      case when s % 10 < 4 then 'inventory' when s % 10 >= 7 then 'verification' end, ${setTime('s')}
    from generate_series(0, ${SETS - 1}) s
    cross join lateral (select (s % ${PER_ROUND}) * ${SET_SIZE} + 1 as g0) j
    cross join lateral (select ${areaOf('j.g0')} as an, least(${SET_SIZE}, ${N} - j.g0 + 1) as n) x
    join bench_areas a on a.n = x.an`,
  );

  await timed(
    'traces',
    client,
    `insert into traces (company_id, item_id, epc, reading_set_id, read_at, state, area1_id, area2_id, antenna, rssi)
    select ${c}, ${i0} + r.g, ${epcOf('r.g')}, ${setId('r.s')}, ${setTime('r.s')} - interval '1 minute' + (r.g % ${SET_SIZE}) * interval '250 ms',
      case when r.k = ${ROUNDS - 1} then x.state else ${Stocked} end,
      a.area_id,
      case when r.k = ${ROUNDS - 1} and x.state <> ${Stocked} then null else a.area_id end,
      1 + r.g % 4, -40 - r.g % 30
    from generate_series(0, ${TRACES - 1}) n
    cross join lateral (select n / ${N} as k, n % ${N} + 1 as g) r0
    cross join lateral (select r0.k, r0.g, r0.k * ${PER_ROUND} + (r0.g - 1) / ${SET_SIZE} as s) r
    cross join lateral (select ${areaOf('r.g')} as an, ${stateOf('r.g')} as state, ${typeOf('r.g')} as tn) x
    join bench_types t on t.n = x.tn
    join bench_areas a on a.n = x.an`,
  );
};

/** Inventories every 14 days in every area, the latest of each open with its expected and read items. */
const generateInventories = async (g: Generation) => {
  const { client, one, c, admin, OTHER, TYPES, uuidOf } = g;
  const [maxInventory] = await one<{ id: number | null }>('select max(id) as id from inventories');
  // Inventories every 14 days in every area; the latest of each area open (state 0) with its rows,
  // unless the area already has an open one (the demo's): then it is validated.
  await timed(
    'inventories',
    client,
    `insert into inventories (company_id, location_id, area_id, device_id, state, is_partial, start_time, end_time,
      expected_count, read_count, matched_count, is_file_created, created_by, closed_by, closed_at)
    select ${c}, a.location_id, a.area_id, a.device_id,
      case when h = ${INVENTORIES_PER_AREA} and not exists (select 1 from inventories o where o.area_id = a.area_id and o.state in (0, 1)) then 0
        when h % 13 = 5 then 3 else 2 end,
      h % 9 = 4,
      x.start, x.start + interval '40 minutes' + (a.n % 5) * interval '7 minutes',
      s.n, (s.n * 0.99)::int, (s.n * 0.97)::int, h % 4 = 0, ${admin?.id}, case when h < ${INVENTORIES_PER_AREA} then ${admin?.id} end,
      case when h < ${INVENTORIES_PER_AREA} then x.start + interval '2 hours' end
    from bench_areas a
    cross join generate_series(1, ${INVENTORIES_PER_AREA}) h
    cross join lateral (select now() - (${INVENTORIES_PER_AREA} - h) * interval '14 days' - interval '1 day' - a.n * interval '1 hour' as start) x
    cross join lateral (select count(*)::int as n from items i where i.area_id = a.area_id and i.state = ${Stocked}) s
    order by x.start`,
  );
  await client.query(`
    insert into inventory_item_types (inventory_id, item_type_id)
    select v.id, t.id from inventories v join bench_types t on t.n in (v.id % ${TYPES}, (v.id + 7) % ${TYPES}, (v.id + 19) % ${TYPES})
    where v.is_partial and v.expected_count > 0`);
  await client.query(`
    create table bench_latest as
    select distinct on (v.area_id) v.id, v.area_id, v.location_id, v.start_time, a.n
    from inventories v join bench_areas a on a.area_id = v.area_id
    where v.id > ${maxInventory?.id ?? 0} and not v.is_partial and v.expected_count > 0
    order by v.area_id, v.start_time desc`);
  await client.query(`
    insert into reading_sets (id, company_id, device_id, location_id, area_id, working_mode, start_time, end_time, read_count, epc_count, claimed_by)
    select ${uuidOf("'scale-inventory-' || l.id")}, ${c}, null, l.location_id, l.area_id, 2, l.start_time, l.start_time + interval '40 minutes',
      0, 0, 'inventory'
    from bench_latest l`);
  await timed(
    'inventory expected items',
    client,
    `insert into inventory_expected_items (inventory_id, item_id, item_type_id)
    select l.id, i.id, i.item_type_id from bench_latest l join items i on i.area_id = l.area_id
    where i.state = ${Stocked} and i.item_type_id is not null`,
  );
  await timed(
    'inventory read items',
    client,
    `insert into inventory_read_items (inventory_id, item_id, item_type_id, reading_set_id, read_at)
    select e.inventory_id, e.item_id, e.item_type_id, ${uuidOf("'scale-inventory-' || e.inventory_id")},
      l.start_time + (e.item_id % 2400) * interval '1 second'
    from inventory_expected_items e join bench_latest l on l.id = e.inventory_id
    where e.item_id % 33 <> 0
    union all
    select l.id, i.id, i.item_type_id, ${uuidOf("'scale-inventory-' || l.id")}, l.start_time + interval '39 minutes'
    from items i join bench_latest l on l.n = i.id % ${OTHER + 1}
    where i.state = ${Unknown} and i.item_type_id is not null`,
  );
  // The per-GTIN counts the engine keeps beside the rows (inventory.repository.ts insertInventory, addReads).
  await client.query(`
    insert into inventory_type_counts (inventory_id, item_type_id, expected, read, matched)
    select inventory_id, item_type_id, sum(expected)::int, sum(read)::int, sum(matched)::int from (
      select e.inventory_id, e.item_type_id, count(*) as expected, 0 as read, 0 as matched
      from inventory_expected_items e join bench_latest l on l.id = e.inventory_id group by 1, 2
      union all
      select r.inventory_id, r.item_type_id, 0, count(*), count(e.item_id)
      from inventory_read_items r join bench_latest l on l.id = r.inventory_id
      left join inventory_expected_items e on e.inventory_id = r.inventory_id and e.item_id = r.item_id
      group by 1, 2
    ) x group by inventory_id, item_type_id`);
  await client.query(`
    update inventories v set expected_count = x.expected, read_count = x.read, matched_count = x.matched,
      end_time = v.start_time + interval '40 minutes'
    from (
      select l.id,
        (select count(*) from inventory_expected_items e where e.inventory_id = l.id)::int as expected,
        (select count(*) from inventory_read_items r where r.inventory_id = l.id)::int as read,
        (select count(*) from inventory_read_items r join inventory_expected_items e
          on e.inventory_id = r.inventory_id and e.item_id = r.item_id where r.inventory_id = l.id)::int as matched
      from bench_latest l) x
    where v.id = x.id`);
};

/** Orders with boxes and contents, POS transactions and a year of daily stock snapshots. */
const generateOrders = async (g: Generation) => {
  const { client, c, centers, stores, providerIds, N, TYPES } = g;
  // Orders: purchases to the centers (2 boxes of 20 tags each), movements to the stores, online parcels.
  const purchases = Math.max(1, Math.floor(N / 40));
  const movements = Math.max(1, Math.floor(N / 80));
  const online = Math.max(1, Math.floor(N / 200));
  const arr = (ids: number[]) => `array[${ids.join(',')}]`;
  await timed(
    'orders',
    client,
    `insert into orders (company_id, type, order_code, provider_id, origin_location_id, destination_location_id,
      origin_status, destination_status, creation_date, estimated_arrival_date, arrival_date, exit_date, container)
    select ${c}, o.type, 'SCALE-' || upper(left(o.type, 1)) || lpad(o.g::text, 7, '0'),
      case when o.type = 'purchase' then (${arr(providerIds)})[1 + o.g % ${providerIds.length}] end,
      case when o.type = 'movement' then (${arr(centers)})[1 + o.g % ${centers.length}]
           when o.type = 'online' then (${arr(stores)})[1 + o.g % ${stores.length}] end,
      case when o.type = 'purchase' then (${arr(centers)})[1 + (o.g % 10) / 6]
           when o.type = 'movement' then (${arr(stores)})[1 + o.g % ${stores.length}] end,
      case when o.type = 'purchase' then 0 else st.s end,
      case when o.type = 'online' then 0 else st.s end,
      d.created, d.created + interval '3 days',
      case when st.s in (1, 2, 3) and o.type <> 'online' then d.created + interval '3 days' + ((o.g % 48) - 24) * interval '1 hour' end,
      case when o.type <> 'purchase' and st.s in (1, 2, 3) then d.created + interval '1 day' end,
      ''
    from (
      select 'purchase' as type, g from generate_series(1, ${purchases}) g
      union all select 'movement', g from generate_series(1, ${movements}) g
      union all select 'online', g from generate_series(1, ${online}) g
    ) o
    cross join lateral (select (array[3, 3, 3, 3, 3, 2, 3, 1, 0, 4])[1 + (o.g / 7) % 10] as s) st
    cross join lateral (select now() - (o.g % 365) * interval '1 day' - (o.g % 1440) * interval '1 minute' as created) d
    order by d.created`,
  );
  await timed(
    'boxes',
    client,
    `insert into boxes (company_id, order_id, codebar, origin_status, destination_status, origin_reading_time, destination_reading_time)
    select o.company_id, o.id, 'SCALE-' || lpad((row_number() over (order by o.id, k))::text, 8, '0'),
      case when o.origin_status in (2, 3) then 2 when o.origin_status = 1 then (case k when 1 then 2 else 0 end) else 0 end,
      case when o.destination_status in (2, 3) then 2 when o.destination_status = 1 then (case k when 1 then 2 else 0 end) else 0 end,
      case when o.origin_status in (1, 2, 3) then o.exit_date + k * interval '10 minutes' end,
      case when o.destination_status in (1, 2, 3) then o.arrival_date + k * interval '20 minutes' end
    from orders o cross join generate_series(1, case when o.type = 'online' then 1 else 2 end) k
    where o.order_code like 'SCALE-%'`,
  );
  await timed(
    'box contents',
    client,
    `insert into box_contents (box_id, item_type_id, quantity)
    select b.id, t.id, 10 from boxes b cross join generate_series(0, 1) j
    join bench_types t on t.n = (b.id * 7 + j * 131) % ${TYPES}
    where b.codebar like 'SCALE-%'`,
  );
  await timed(
    'POS sales and returns',
    client,
    `insert into pos_transactions (company_id, kind, location_id, item_count, start_time, end_time)
    select ${c}, case when g % 10 = 0 then 'return' else 'sale' end, (${arr(stores)})[1 + g % ${stores.length}], 1 + g % 3,
      x.t - interval '1 minute', x.t
    from generate_series(1, ${Math.max(1, Math.floor(N / 20))}) g
    cross join lateral (select now() - (g % 365) * interval '1 day' - (g % 600) * interval '1 minute' as t) x`,
  );
  await timed(
    'daily stock snapshots',
    client,
    `insert into stock_daily (day, location_id, area_id, quantity, theoretical_quantity)
    select d::date, a.location_id, a.area_id, 0, 0 from bench_areas a cross join generate_series(current_date - 365, current_date - 1, interval '1 day') d
    on conflict do nothing`,
  );
  await client.query(`
    update stock_daily s set quantity = x.n * (90 + (extract(doy from s.day)::int % 20)) / 100
    from (select area_id, count(*)::int as n from items where state = ${Stocked} group by area_id) x
    where s.area_id = x.area_id;
    insert into stock_daily (day, location_id, area_id, quantity, theoretical_quantity)
    select day, location_id, null, sum(quantity), sum(quantity) from stock_daily where area_id is not null group by day, location_id
    on conflict (location_id, area_id, day) do update set quantity = excluded.quantity, theoretical_quantity = excluded.theoretical_quantity`);
};

/** The dropped indexes re-created, the generation's tables dropped, then VACUUM ANALYZE. */
const rebuild = async (client: pg.Client, indexes: Array<{ indexname: string; indexdef: string }>): Promise<void> => {
  const t0 = performance.now();
  for (const index of indexes) await client.query(index.indexdef);
  log(`${indexes.length} indexes re-created in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await client.query('drop table bench_types; drop table bench_areas; drop table bench_latest');
  const t1 = performance.now();
  await client.query('vacuum (analyze)');
  log(`vacuum analyze: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
};

const generate = async (client: pg.Client): Promise<void> => {
  const g = await generationOf(client);
  const indexes = await dropBulkIndexes(g);
  await generateItems(g);
  await generateInventories(g);
  await generateOrders(g);
  await rebuild(client, indexes);
};

/* ------------------------------------------------------------------ timing */

type Kind = 'baseline' | 'list' | 'statistic';
type Endpoint = { name: string; url: string; kind: Kind };
type Result = Endpoint & { median: number; p95: number; count: number | null; status: number };
type Spec = {
  paths: Record<
    string,
    { get?: { responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }> } }
  >;
};

const percentile = (sorted: number[], p: number): number => {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
};

const isStatistic = (path: string) => /stat(s|istics)(\/|$)|\/count\/$/.test(path);
/** Routes that are not for a browser's list or figure: a reader's own status, the brand dashboards' links. */
const SKIPPED = ['/api/readers/status/', '/api/dashboards/'];

/** The endpoints: every page and statistic route of the OpenAPI document, ids resolved from the data, plus filtered scenarios. */
const endpoints = async (spec: Spec, client: pg.Client): Promise<{ list: Endpoint[]; unresolved: string[] }> => {
  const first = async (query: string): Promise<string> => {
    const [row] = (await client.query(query)).rows as { id: unknown }[];
    return row?.id === undefined || row.id === null ? '' : String(row.id);
  };
  const bigArea = await first(
    "select a.id from areas a join locations l on l.id = a.location_id where l.code = 'CD-MAD' and a.description = 'Almacén'",
  );
  const mad = await first("select id from locations where code = 'CD-MAD'");
  const bigInventory = await first(
    `select id from inventories where area_id = ${bigArea} order by expected_count desc, id desc limit 1`,
  );
  const ids: Record<string, string> = {
    locations: mad,
    areas: bigArea,
    boxareaseens: await first(
      'select area_id as id from reading_sets where codebar is not null group by area_id order by count(*) desc limit 1',
    ),
    inventorys: bigInventory,
    items: await first(
      `select item_id as id from traces where item_id = (select min(id) from items where area_id = ${bigArea}) limit 1`,
    ),
    free_reading_set: await first(
      `select id from reading_sets where location_id = ${mad} and claimed_by is null order by start_time desc limit 1`,
    ),
    companies: await first('select id from companies order by id limit 1'),
    brands: await first(`select brand_id as id from locations where id = ${mad}`),
    providers: await first(
      "select provider_id as id from orders where type = 'purchase' group by 1 order by count(*) desc limit 1",
    ),
    porders: await first("select max(id) as id from orders where type = 'purchase'"),
    morders: await first("select max(id) as id from orders where type = 'movement'"),
    orders: await first("select max(id) as id from orders where type = 'online'"),
    rboxes: await first("select max(b.id) as id from boxes b join orders o on o.id = b.order_id where o.type = 'purchase'"),
    verifications: await first('select max(id) as id from verifications'),
    sales: await first("select max(id) as id from pos_transactions where kind = 'sale'"),
    returns: await first("select max(id) as id from pos_transactions where kind = 'return'"),
    provider_returns: await first("select max(id) as id from returns where kind = 'provider'"),
    sale_returns: await first("select max(id) as id from returns where kind = 'sale'"),
    print_orders: await first('select max(id) as id from print_orders'),
    types: await first('select min(item_type_id) as id from minimum_stocks'),
  };
  const boxOfMovement = await first(`select min(id) as id from boxes where order_id = ${ids.morders || 0}`);
  const boxOfOnline = await first(`select min(id) as id from boxes where order_id = ${ids.orders || 0}`);
  const list: Endpoint[] = [{ name: 'GET /api/health (baseline)', url: '/api/health', kind: 'baseline' }];
  const unresolved: string[] = [];
  const seen = new Set<string>();
  for (const [path, ops] of Object.entries(spec.paths)) {
    const props = ops.get?.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {};
    const isPage = 'count' in props && 'results' in props;
    const kind: Kind | null = isStatistic(path) ? 'statistic' : isPage ? 'list' : null;
    if (!ops.get || !kind || SKIPPED.includes(path)) continue;
    // One of `/x` and `/x/` (the same handler).
    const canonical = path.endsWith('/') ? path : `${path}/`;
    if (seen.has(canonical)) continue;
    seen.add(canonical);
    let url = path;
    let isResolved = true;
    url = url.replace(/\/(\w+)\/\{(id|locationId)\}/g, (_all, collection: string) => {
      const id = ids[collection];
      if (!id) isResolved = false;
      return `/${collection}/${id ?? ''}`;
    });
    url = url.replace(/\{boxId\}/, () => (url.includes('/morders/') ? boxOfMovement : boxOfOnline));
    if (!isResolved || /\{|\/\//.test(url)) {
      unresolved.push(path);
      continue;
    }
    // Routes with a required filter.
    if (path === '/api/v1/morders/') url += `?destination__id=${mad}`;
    if (path === '/api/boxes/')
      url += `?codebar=${await first("select max(codebar) as id from boxes where codebar like 'SCALE-%'")}`;
    list.push({ name: `GET ${path}`, url, kind });
  }
  const item = await first(`select epc as id from items where area_id = ${bigArea} order by id desc limit 1`);
  const gtin = await first(`select gtin as id from items where area_id = ${bigArea} order by id limit 1`);
  const extra: Endpoint[] = [
    { name: 'items: epc__icontains (6 hex digits)', url: `/api/items/?epc__icontains=${item.slice(-6)}`, kind: 'list' },
    { name: 'items: epc exact', url: `/api/items/?epc=${item}`, kind: 'list' },
    { name: 'items: area = the 400k-item area', url: `/api/items/?area=${bigArea}`, kind: 'list' },
    { name: 'items: location, STOCKED', url: `/api/items/?location=${mad}&state=${ItemState.Stocked}`, kind: 'list' },
    { name: 'items: gtin', url: `/api/items/?gtin=${gtin}`, kind: 'list' },
    { name: 'items: page 500', url: '/api/items/?offset=10000', kind: 'list' },
    {
      name: 'inventory items: epc__contains',
      url: `/api/inventorys/${bigInventory}/items/?epc__contains=${item.slice(-5)}`,
      kind: 'list',
    },
    { name: 'inventory items: page 50', url: `/api/inventorys/${bigInventory}/items/?offset=1000`, kind: 'list' },
    {
      name: 'inventory unchecked items: page 50',
      url: `/api/inventorys/${bigInventory}/unchecked_items/?offset=1000`,
      kind: 'list',
    },
    { name: 'inventory summary: -missing', url: `/api/inventorys/${bigInventory}/summary/?order_by=-missing`, kind: 'list' },
    { name: 'global item stock: area', url: `/api/global-item-stock/?area1=${bigArea}`, kind: 'list' },
    { name: 'global item stock: epc__icontains', url: `/api/global-item-stock/?epc__icontains=${item.slice(-6)}`, kind: 'list' },
    { name: 'global stock: location', url: `/api/global-stock/?location=${mad}`, kind: 'list' },
    ...['inbound', 'outbound', 'online', 'pos'].map((module) => ({
      name: `company chart: ${module}`,
      url: `/api/companies/${ids.companies}/graphstatistics/?module=${module}&granularity=month`,
      kind: 'statistic' as const,
    })),
    {
      name: 'company chart: stock by day',
      url: `/api/companies/${ids.companies}/graphstatistics/?module=stock&granularity=day`,
      kind: 'statistic',
    },
  ];
  return { list: [...list, ...extra], unresolved };
};

/** --explain: each list endpoint called once more, its statements run under EXPLAIN ANALYZE; EXPLAIN_RESULTS.md. */
const explainLists = async (
  chosen: Endpoint[],
  samples: { status: number }[],
  { base, auth, client }: { base: string; auth: string; client: pg.Client },
): Promise<void> => {
  const bigTables = await bigTablesOf(client);
  const explained: EndpointExplained[] = [];
  for (const [i, endpoint] of chosen.entries()) {
    if (endpoint.kind !== 'list' || samples[i]?.status !== 200) continue;
    const id = String(i);
    const response = await fetch(`${base}${endpoint.url}`, { headers: { authorization: auth, [EXPLAIN_HEADER]: id } });
    await response.arrayBuffer();
    explained.push({ ...endpoint, statements: await explainAll(client, statementsOf(id), bigTables) });
    log(`explained ${endpoint.url}`);
  }
  const heading = [
    '# EXPLAIN (ANALYZE, BUFFERS) of every list endpoint',
    '',
    `Made by \`npm run bench:scale -- --explain\` on PostgreSQL with ${ITEMS.toLocaleString('en')} items and ${TRACES.toLocaleString('en')} traces (admin@demo.local, the first page unless the endpoint says otherwise; ${new Date().toISOString().slice(0, 10)}).`,
    "Each request's own SQL statements (the read-only ones) were run again under `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)`.",
    `Flags: a sequential scan of a table of more than 100,000 rows (${[...bigTables].sort().join(', ')}), a sort spilled to disk, a plan node whose row estimate is off by more than 100× (per loop).`,
  ].join('\n');
  const file = new URL('./EXPLAIN_RESULTS.md', import.meta.url);
  await writeFile(file, explainReport(heading, explained));
  log(`wrote ${file.pathname}`);
};

const run = async (dbName: string): Promise<Result[]> => {
  const url = databaseUrlOf(PG_URL, dbName);
  const database = await openDatabase({ databaseUrl: url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await database.migrate();
    if (!values.db) {
      const t0 = performance.now();
      await seedDemo(database.db);
      await seedStockDemo(database.db);
      await seedStatsDemo(database.db);
      log(`demo loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const t1 = performance.now();
      await generate(client);
      log(`generated in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    }
    const sizes = (
      await client.query(`select relname, reltuples::bigint as n from pg_class
        where relname in ('items', 'traces', 'reading_sets', 'inventories', 'inventory_expected_items', 'inventory_read_items', 'orders', 'boxes')`)
    ).rows as { relname: string; n: string }[];
    log(`rows: ${sizes.map((s) => `${s.relname} ${Number(s.n).toLocaleString('en')}`).join(', ')}`);

    const { app, base, auth } = await listenSignedIn(database, (server) => {
      if (values.explain) captureStatements(server.server);
    });
    try {
      const { list, unresolved } = await endpoints(app.swagger() as Spec, client);
      if (unresolved.length) log(`not timed (no id to use): ${unresolved.join(', ')}`);
      const chosen = values.only ? list.filter((e) => e.kind === 'baseline' || e.url.includes(values.only ?? '')) : list;
      // Rounds: each round calls every endpoint once, so a burst of load on this shared machine
      // spreads over all the endpoints instead of landing on the few that were running then.
      const samples = chosen.map(() => ({ times: [] as number[], count: null as number | null, status: 200 }));
      for (let round = 0; round < WARMUP + CALLS; round += 1) {
        for (const [i, endpoint] of chosen.entries()) {
          const sample = samples[i];
          if (sample?.status !== 200) continue;
          const t0 = performance.now();
          const response = await fetch(`${base}${endpoint.url}`, { headers: { authorization: auth } });
          const body = (await response.json()) as { count?: unknown };
          const elapsed = performance.now() - t0;
          if (response.status !== 200) {
            sample.status = response.status;
            log(`${endpoint.url}: ${response.status} ${JSON.stringify(body)}`);
            continue;
          }
          sample.count = typeof body.count === 'number' ? body.count : null;
          if (round >= WARMUP) sample.times.push(elapsed);
        }
      }
      const results: Result[] = chosen.map((endpoint, i) => {
        const { times, count, status } = samples[i] ?? { times: [], count: null, status: 0 };
        times.sort((x, y) => x - y);
        const result = { ...endpoint, median: percentile(times, 50), p95: percentile(times, 95), count, status };
        if (result.p95 > (endpoint.kind === 'statistic' ? STAT_MS : LIST_MS)) {
          log(`slow: ${endpoint.url} median ${result.median.toFixed(1)} p95 ${result.p95.toFixed(1)}`);
        }
        return result;
      });
      if (values.explain) await explainLists(chosen, samples, { base, auth, client });
      return results;
    } finally {
      await app.close();
    }
  } finally {
    await client.end();
    await database.close();
  }
};

const print = (results: Result[]) => {
  const baseline = results.find((r) => r.kind === 'baseline')?.median ?? 1;
  const lists = results.filter((r) => r.kind === 'list');
  const stats = results.filter((r) => r.kind === 'statistic');
  const worst = (rs: Result[]) => Math.max(0, ...rs.filter((r) => r.status === 200).map((r) => r.p95));
  console.log(
    `\nPostgreSQL, ${ITEMS.toLocaleString('en')} items, ${TRACES.toLocaleString('en')} traces; ${CALLS} calls per endpoint after ${WARMUP} warm-up calls; admin@demo.local`,
  );
  console.log(
    `Lists: ${lists.length}, worst p95 ${worst(lists).toFixed(1)} ms (target ≤ ${LIST_MS}); statistics: ${stats.length}, worst p95 ${worst(stats).toFixed(1)} ms (target ≤ ${STAT_MS})\n`,
  );
  console.log('| endpoint | kind | count | median ms | p95 ms | ratio | target met |');
  console.log('|---|---|---:|---:|---:|---:|:---:|');
  for (const r of results) {
    const target = r.kind === 'statistic' ? STAT_MS : r.kind === 'list' ? LIST_MS : null;
    const met = r.status !== 200 ? `error ${r.status}` : target === null ? '' : r.p95 <= target ? 'yes' : 'NO';
    const path = r.url.replace(/\|/g, '\\|');
    const name = r.name.startsWith('GET ') ? `\`${path}\`` : `${r.name} (\`${path}\`)`;
    console.log(
      `| ${name} | ${r.kind} | ${r.count ?? ''} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.median / baseline).toFixed(1)} | ${met} |`,
    );
  }
};

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const name = values.db ?? `rfid_scale_${randomBytes(4).toString('hex')}`;
if (!values.db) {
  await admin.query(`create database ${name}`);
  log(`database ${name}: ${ITEMS.toLocaleString('en')} items, ${TRACES.toLocaleString('en')} traces`);
}
await admin.end();
let failed = false;
try {
  print(await run(name));
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (values.keep || values.db) {
    log(`kept database ${name}`);
  } else {
    await dropDatabase(PG_URL, name);
    log(`dropped database ${name}`);
  }
}
if (failed) process.exitCode = 1;
