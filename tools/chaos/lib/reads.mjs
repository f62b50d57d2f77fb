// Reads, exactly counted: each read sent has its own (EPC, timestamp, antenna); a read is
// acknowledged when its request answered 2xx (HTTP) or its PUBACK arrived (MQTT QoS 1). After a
// scenario the traces of the reader are counted in PostgreSQL per (epc, read_at, antenna).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pgQuery, root, sleep } from './infra.mjs';

const { createTagFactory, seededRandom } = await import(path.join(root, 'tools/simulator/dist/epcs.js'));
const { demoGtins, demoDeviceKey } = await import(path.join(root, 'tools/simulator/dist/demo.js'));
const { toZebraEvents } = await import(path.join(root, 'tools/simulator/dist/formats.js'));

export { demoDeviceKey, seededRandom };

/** The demo readers the scenarios use (tools/simulator/src/demo.ts, README "Readers"). */
export const READERS = {
  tunnel: { serial: 'TUN-MAD-01', mac: '84248D000001' },
  exitPortal: { serial: 'POR-MAD-EXP', mac: '84248D000002' },
  handheld: { serial: 'HH-MAD-01', mac: '84248D000003' },
  storePortal: { serial: 'POR-T01-ENT', mac: '001625000011' },
};

/**
 * SGTIN-96 tags of the demo GTINs with serials from 2.5·10^11 (the 38-bit serial ends at 2.7·10^11):
 * above the simulator's and the bench's, never the demo's own or printed tags.
 */
export const tagSource = (seed, serialBase = 250_000_000_000) => {
  const random = seededRandom(seed);
  const factory = createTagFactory({ gtins: demoGtins(), companyPrefixLength: 7, serialBase });
  return { random, tags: (count) => factory.tags(count, random, 20) };
};

export const readKey = (epc, ms, antenna) => `${epc.toUpperCase()}|${ms}|${antenna}`;

/**
 * The reads of one path of a scenario: every read sent, which were acknowledged, and the answers
 * the servers gave (by status). Read times come from one clock that only moves forward, so no two
 * reads of the path share (EPC, time, antenna).
 */
export class Ledger {
  constructor(name, reader) {
    this.name = name;
    this.reader = reader;
    this.reads = new Map();
    this.epcs = new Set();
    this.answers = {};
    this.clock = Date.now() - 30_000;
  }

  /** `count` tags, each read 1 or 2 times on antennas 1–4, at times from the path's clock. */
  makeReads(source, count, { gapMs = 0 } = {}) {
    this.clock = Math.max(this.clock + gapMs, Date.now() - 2_000);
    const reads = [];
    for (const epc of source.tags(count)) {
      const times = 1 + Math.floor(source.random() * 2);
      for (let i = 0; i < times; i++) {
        this.clock += 1;
        reads.push({ epc: epc.toUpperCase(), time: new Date(this.clock), antenna: 1 + ((i + reads.length) % 4), rssi: -60 });
      }
    }
    for (const r of reads) {
      this.reads.set(readKey(r.epc, r.time.getTime(), r.antenna), false);
      this.epcs.add(r.epc);
    }
    return reads;
  }

  ack(reads) {
    for (const r of reads) this.reads.set(readKey(r.epc, r.time.getTime(), r.antenna), true);
  }

  answer(label) {
    this.answers[label] = (this.answers[label] ?? 0) + 1;
  }

  get sent() {
    return this.reads.size;
  }

  get acked() {
    let n = 0;
    for (const isAcked of this.reads.values()) if (isAcked) n += 1;
    return n;
  }

  /** Server answers 500–599 other than 503 (the proxy's own 502s are not the server's). */
  get serverErrors() {
    return Object.entries(this.answers)
      .filter(([label]) => /^5\d\d$/.test(label) && label !== '503')
      .reduce((a, [, n]) => a + n, 0);
  }

  answersText() {
    return Object.entries(this.answers)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, n]) => `${label}×${n}`)
      .join(' ');
  }

  /** Sent / acknowledged / stored once / doubled / lost from the traces counted per key. */
  tally(counts) {
    let once = 0;
    let doubled = 0;
    let lost = 0;
    let unackedAbsent = 0;
    for (const [key, isAcked] of this.reads) {
      const n = counts.get(key) ?? 0;
      if (n === 1) once += 1;
      else if (n > 1) doubled += 1;
      else if (isAcked) lost += 1;
      else unackedAbsent += 1;
    }
    let stray = 0;
    for (const key of counts.keys()) if (!this.reads.has(key)) stray += 1;
    return { sent: this.sent, acked: this.acked, once, doubled, lost, unackedAbsent, stray };
  }
}

/** A query on `db`: a PostgreSQL URL, or a function `(text, params) => {rows}` (an embedded database opened here). */
const queryOn = (db, text, params) => (typeof db === 'function' ? db(text, params) : pgQuery(db, text, params));

/** Traces of the reader's reading sets for these EPCs, counted per (epc, read_at in ms, antenna). */
export const countTraces = async (dbUrl, serial, epcs) => {
  const { rows } = await queryOn(
    dbUrl,
    `select upper(t.epc) as epc, round(extract(epoch from t.read_at) * 1000)::bigint::text as ms,
        coalesce(t.antenna, 0)::int as antenna, count(*)::int as n
      from traces t join reading_sets s on s.id = t.reading_set_id join devices d on d.id = s.device_id
      where d.serial_number = $1 and upper(t.epc) = any($2::text[])
      group by 1, 2, 3`,
    [serial, [...epcs]],
  );
  const counts = new Map();
  for (const r of rows) counts.set(readKey(r.epc, r.ms, r.antenna), r.n);
  return counts;
};

/** How many traces the reader has for these EPCs (while waiting for the reads to settle). */
const traceTotal = async (dbUrl, serial, epcs) =>
  Number(
    (
      await pgQuery(
        dbUrl,
        `select count(*)::int as n from traces t join reading_sets s on s.id = t.reading_set_id
          join devices d on d.id = s.device_id where d.serial_number = $1 and upper(t.epc) = any($2::text[])`,
        [serial, [...epcs]],
      )
    ).rows[0]?.n ?? 0,
  );

/* ------------------------------------------------------------------ HTTP */

/** One HTTP call that never throws: {status (0 when no answer), isProxy, text, json()}. */
export const call = async (url, { method = 'GET', headers = {}, body, timeoutMs = 20_000 } = {}) => {
  try {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return {
      status: res.status,
      isProxy: res.headers.get('x-chaos-proxy') === '1',
      text,
      json: () => JSON.parse(text),
    };
  } catch (error) {
    return { status: 0, isProxy: false, text: String(error?.cause?.code ?? error?.name ?? error), json: () => null };
  }
};

/** The label an answer is tallied under: 201, 503, "proxy 502", "no answer". */
export const answerLabel = (r) => (r.status === 0 ? 'no answer' : r.isProxy ? `proxy ${r.status}` : String(r.status));

export const signIn = async (base, username = 'admin@demo.local', password = 'demo1234') => {
  for (let attempt = 0; attempt < 20; attempt++) {
    const r = await call(`${base}/api/authtoken/`, { method: 'POST', body: { username, password } });
    if (r.status === 200) return `Token ${r.json().token}`;
    await sleep(300);
  }
  throw new Error(`could not sign in as ${username} at ${base}`);
};

/** An API call as a signed-in user that must succeed (setup steps); retried on 502/503/no answer. */
export const api = async (base, auth, method, url, body, { retries = 20, ok = (s) => s >= 200 && s < 300 } = {}) => {
  let last;
  for (let attempt = 0; attempt < retries; attempt++) {
    last = await call(`${base}${url}`, { method, headers: { authorization: auth }, body });
    if (ok(last.status)) return last.text ? last.json() : null;
    if (last.status !== 0 && last.status !== 502 && last.status !== 503) break;
    await sleep(300);
  }
  throw new Error(`${method} ${url} answered ${last?.status}: ${last?.text?.slice(0, 300)}`);
};

/* ------------------------------------------------------------------ producers */

/**
 * Sends requests until `until()` says stop, then retries every unacknowledged one (the same body:
 * a reading set keeps its id, a stream batch its events) until it is acknowledged or
 * `drainDeadline` passes, `concurrency` in flight. `makeBatch()` answers {reads, body} or null.
 */
export const runHttpProducer = async ({
  url,
  key,
  ledger,
  makeBatch,
  until,
  drainDeadline,
  concurrency = 2,
  pauseMs = 0,
  isAborted,
}) => {
  const retry = [];
  const worker = async () => {
    for (;;) {
      if (isAborted()) return;
      let batch = retry.shift();
      if (!batch) {
        if (until()) {
          if (Date.now() > drainDeadline()) return;
          await sleep(100);
          if (retry.length === 0 && inFlight === 0) return;
          continue;
        }
        batch = makeBatch();
        if (!batch) return;
      } else if (batch.nextAt > Date.now()) {
        retry.push(batch);
        await sleep(Math.min(100, batch.nextAt - Date.now()));
        continue;
      }
      if (until() && Date.now() > drainDeadline()) return;
      inFlight += 1;
      const r = await call(url, { method: 'POST', headers: { authorization: `Device ${key}` }, body: batch.body });
      inFlight -= 1;
      ledger.answer(answerLabel(r));
      if (r.status >= 200 && r.status < 300) {
        ledger.ack(batch.reads);
      } else {
        batch.attempts = (batch.attempts ?? 0) + 1;
        batch.nextAt = Date.now() + Math.min(2_000, 150 * batch.attempts);
        retry.push(batch);
      }
      if (pauseMs) await sleep(pauseMs);
    }
  };
  let inFlight = 0;
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { unacknowledgedBatches: retry.length };
};

/** HTTP reading sets (POST /api/readingsets/) of `tagsPerSet` tags with detailed reads. */
export const readingSetBatches =
  ({ ledger, source, serial, tagsPerSet }) =>
  () => {
    const reads = ledger.makeReads(source, tagsPerSet);
    const times = reads.map((r) => r.time.getTime());
    return {
      reads,
      body: {
        id: randomUUID(),
        device: serial,
        start_time: new Date(Math.min(...times)).toISOString(),
        end_time: new Date(Math.max(...times)).toISOString(),
        reads: reads.map((r) => ({ epc: r.epc, time: r.time.toISOString(), antenna: r.antenna, rssi: r.rssi })),
      },
    };
  };

/** Zebra IoT Connector events (POST /api/readers/stream/ or MQTT), `tagsPerBatch` tags a batch. */
export const zebraBatches = ({ ledger, source, tagsPerBatch, random }) => {
  let eventNum = 1;
  return () => {
    // Now and then the reader pauses longer than the idle gap: the stream becomes several sets.
    const reads = ledger.makeReads(source, tagsPerBatch, { gapMs: random() < 0.2 ? 400 : 0 });
    const events = toZebraEvents(reads, eventNum);
    eventNum += events.length;
    return { reads, body: events };
  };
};

/** Publishes Zebra event batches on readers/<mac>/reads (QoS 1) until `until()`; acknowledged at PUBACK. */
export const runMqttProducer = async ({ client, mac, ledger, makeBatch, until, isAborted, inFlight = 4, pauseMs = 30 }) => {
  const pending = new Set();
  while (!until() && !isAborted()) {
    const batch = makeBatch();
    const p = client
      .publishAsync(`readers/${mac}/reads`, JSON.stringify(batch.body), { qos: 1 })
      .then(
        () => {
          ledger.answer('puback');
          ledger.ack(batch.reads);
        },
        () => ledger.answer('publish failed'),
      )
      .finally(() => pending.delete(p));
    pending.add(p);
    if (pending.size >= inFlight) await Promise.race(pending);
    await sleep(pauseMs);
  }
  await Promise.allSettled([...pending]);
};

/* ------------------------------------------------------------------ settling and counting */

/** The reads a ledger's reader has staged (GET /api/readers/status/ with its device key), null when it did not answer. */
const stagedReadsOf = async (base, ledger) => {
  const r = await call(`${base}/api/readers/status/`, {
    headers: { authorization: `Device ${demoDeviceKey(ledger.reader.serial)}` },
  });
  return r.status === 200 ? r.json().staged_reads : null;
};

/**
 * Waits until every reader shows no staged reads (GET /api/readers/status/) and its traces for
 * our EPCs reach the count of reads sent, or stop changing for `quietMs` while nothing is staged
 * (what is missing then is lost: a server retrying a write backs off up to 5 s), or the deadline.
 */
export const settle = async ({ base, dbUrl, ledgers, deadline, quietMs = 8_000, isAborted }) => {
  const last = new Map();
  let quietSince = Date.now();
  while (Date.now() < deadline && !isAborted()) {
    let staged = 0;
    let isComplete = true;
    let changed = false;
    for (const ledger of ledgers) {
      if (ledger.reads.size === 0) continue;
      const readerStaged = await stagedReadsOf(base, ledger);
      if (readerStaged === null) {
        isComplete = false;
        changed = true;
        continue;
      }
      staged += readerStaged;
      const total = await traceTotal(dbUrl, ledger.reader.serial, ledger.epcs).catch(() => -1);
      if (total !== last.get(ledger)) changed = true;
      last.set(ledger, total);
      // Complete when every read sent is there (an unacknowledged one may be stored too).
      if (total < ledger.sent) isComplete = false;
    }
    if (process.env.CHAOS_VERBOSE) {
      console.log(
        `    settle: staged ${staged}, traces ${[...last.values()].join('/')} of acked ${ledgers.map((l) => l.acked).join('/')}`,
      );
    }
    if (changed || staged > 0) quietSince = Date.now();
    if (staged === 0 && isComplete) return { settled: true };
    if (staged === 0 && Date.now() - quietSince >= quietMs) return { settled: true, incomplete: true };
    await sleep(300);
  }
  return { settled: false };
};

/**
 * A row of the report: the scenario and process count of `ctx`, the path and its unit, what was sent and what came
 * of it (acknowledged, stored once, doubled, lost; '' where a figure does not apply), its problems and notes.
 */
export const resultRow = (ctx, { path, unit, sent, acked = '', once = '', doubled = '', lost = '', problems, notes }) => ({
  scenario: ctx.name,
  n: ctx.n,
  path,
  unit,
  sent,
  acked,
  once,
  doubled,
  lost,
  problems,
  notes,
});

/** The one row of a scenario that did not run as planned (a tool or a disk missing): its problems and notes. */
export const scenarioRow = (ctx, { problems = [], notes = [] }) =>
  resultRow(ctx, { path: '(scenario)', unit: '', sent: '', problems, notes });

/** How many of the `expected` keys `counts` holds once, more than once and not at all. */
export const tallyOnce = (expected, counts) => {
  const tally = { once: 0, doubled: 0, lost: 0 };
  for (const key of expected) {
    const n = counts.get(key) ?? 0;
    if (n === 1) tally.once += 1;
    else if (n > 1) tally.doubled += 1;
    else tally.lost += 1;
  }
  return tally;
};

/** A scenario run on a copy of the demo template database; `timeouts` are its [short, full] limits in ms. */
export const templateScenario = (name, title, [short, full], run) => ({
  name,
  title,
  usesTemplate: true,
  timeoutMs: { short, full },
  run,
});

/** Answers counted by label, as "label×count" words (`{ '201': 3, '503': 1 }` → "201×3 503×1"). */
export const answersText = (answers) =>
  Object.entries(answers)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');

/** One table row per ledger after the servers are stopped. */
export const ledgerRows = async ({ dbUrl, ledgers, scenario, n, failOnServerErrors = true }) => {
  const rows = [];
  for (const ledger of ledgers) {
    const counts = await countTraces(dbUrl, ledger.reader.serial, ledger.epcs);
    const t = ledger.tally(counts);
    const problems = [];
    if (t.lost) problems.push(`${t.lost} acknowledged reads lost`);
    if (t.doubled) problems.push(`${t.doubled} reads stored twice or more`);
    if (failOnServerErrors && ledger.serverErrors) problems.push(`${ledger.serverErrors} answers 5xx (not 503)`);
    const notes = [`answers: ${ledger.answersText() || 'none'}`];
    if (t.unackedAbsent) notes.push(`${t.unackedAbsent} never acknowledged, absent`);
    if (t.stray) notes.push(`${t.stray} traces of our EPCs at other (time, antenna)`);
    rows.push({ scenario, n, path: ledger.name, unit: 'reads', ...t, problems, notes });
  }
  return rows;
};

/**
 * Waits until no reader of `ledgers` has staged reads left (GET /api/readers/status/), or the deadline; answers the
 * staged reads left (0 when drained). For a server whose database cannot be read while it runs (the embedded one):
 * stopping it with reads still staged would leave them for its next start, and its traces could not be counted yet.
 */
export const drainStaged = async ({ base, ledgers, deadline, isAborted }) => {
  let staged = Number.POSITIVE_INFINITY;
  while (Date.now() < deadline && !isAborted()) {
    staged = 0;
    for (const ledger of ledgers) staged += (await stagedReadsOf(base, ledger)) ?? 1;
    if (staged === 0) return 0;
    await sleep(300);
  }
  return staged;
};

/**
 * `ledgerRows` counted in the embedded database of a stopped server's data folder (`dataDir`/pgdata): the server is
 * stopped, the folder is ours to open and count.
 */
export const embeddedLedgerRows = async (dataDir, options) => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    return await ledgerRows({ dbUrl: (text, params) => db.query(text, params), ...options });
  } finally {
    await db.close();
  }
};

/** A purchase order `code` from the first provider to CD-MAD with its reception `<code>-R1`, and the catalog's first five GTINs. */
export const purchaseOrderWithReception = async (base, db, auth, code) => {
  const { id: destination } = (await pgQuery(db, `select id from locations where code = 'CD-MAD'`)).rows[0];
  const { id: provider } = (await pgQuery(db, 'select id from providers order by id limit 1')).rows[0];
  const gtins = (await pgQuery(db, 'select gtin from item_types order by gtin limit 5')).rows.map((r) => r.gtin);
  const order = await api(base, auth, 'POST', '/api/porders/', {
    order_code: code,
    destination_id: destination,
    origin_id: provider,
  });
  const reception = await api(base, auth, 'POST', '/api/receptions/', { reception_code: `${code}-R1`, order_id: order.id });
  return { order, reception, gtins };
};
