import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { encodeSgtin96 } from '@rfid/epc';
import pg from 'pg';
import { buildDemoItemTypes, demoDeviceKey } from '../../db/seed/demo-data.js';
import { freePort } from '../../test/ports.js';

/**
 * The built server and the backup command as an operator runs them (apps/server/dist), and what the tests read of a
 * database with their own SQL (never the backup code's): every table's rows, foreign keys that point nowhere, reading
 * sets without all their traces.
 */

const dist = fileURLToPath(new URL('../../../dist', import.meta.url));
export const SERVER_MAIN = path.join(dist, 'main.js');
export const BACKUP_CLI = path.join(dist, 'backup-cli.js');
export const isBuilt = () => existsSync(SERVER_MAIN) && existsSync(BACKUP_CLI);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The database's place as the server's configuration says it: DATABASE_URL, or DATA_DIR for the embedded one. */
export type Target = { databaseUrl?: string; dataDir: string };
const targetEnv = ({ databaseUrl, dataDir }: Target) => ({ DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir });

export type RunningServer = { base: string; pid: number; stop: () => Promise<void>; output: () => string };

/** Starts the built server on `target` (the demo seeded on an empty database); resolves once /api/health answers. */
export const startServer = async (target: Target): Promise<RunningServer> => {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      ...targetEnv(target),
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LLRP: 'off',
      PRINT_SPOOLER: 'off',
      BACKUP_KEY: '',
      // One stock snapshot period a day (not every 5 minutes): fewer background writes around a backup.
      STOCK_SNAPSHOT_INTERVAL_MS: '86400000',
      // The EPCIS subscriptions hourly (not every 10 s): a job row every 10 s left no quiet moment for the backup.
      EPCIS_SUBSCRIPTIONS_INTERVAL_MS: '3600000',
      WEB_DIST: path.join(target.dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (data) => {
    output += data;
  });
  child.stderr?.on('data', (data) => {
    output += data;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer within 120 s:\n${output}`);
    await sleep(100);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    base,
    pid: child.pid ?? 0,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
    },
  };
};

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs `npm run backup`'s or `npm run restore`'s program with the configuration of `target`. */
export const runCli = (args: string[], target: Target): Promise<CliResult> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [BACKUP_CLI, ...args], {
      env: { ...process.env, ...targetEnv(target), BACKUP_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => {
      stdout += data;
    });
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });

/** The file a successful backup names on its first line. */
export const writtenFile = (result: CliResult): string => {
  const match = /^Backup written: (.+)$/m.exec(result.stdout);
  if (result.code !== 0 || !match?.[1]) throw new Error(`the backup failed (${result.code}): ${result.stderr}${result.stdout}`);
  return match[1].trim();
};

/* ------------------------------------------------------------------ reading a database with the tests' own SQL */

export type Probe = { rows: <T>(text: string) => Promise<T[]>; close: () => Promise<void> };

/** A database to read: PostgreSQL by its URL, or the embedded one in a data folder no server holds. */
export const openProbe = async ({ databaseUrl, dataDir }: Target): Promise<Probe> => {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      rows: async <T>(text: string) => (await client.query(text)).rows as T[],
      close: () => client.end(),
    };
  }
  const db = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  await db.waitReady;
  return { rows: async <T>(text: string) => (await db.query<T>(text)).rows, close: () => db.close() };
};

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every base table's rows, "schema.table" → rows (information_schema, one count a table). */
export const countTables = async (probe: Probe): Promise<Record<string, number>> => {
  const tables = await probe.rows<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = await probe.rows<{ n: number }>(`select count(*)::int as n from ${ident(schema)}.${ident(name)}`);
    counts[`${schema}.${name}`] = Number(row?.n);
  }
  return counts;
};

/** Foreign keys with rows that point at no row: "constraint: n rows". */
export const danglingForeignKeys = async (probe: Probe): Promise<string[]> => {
  const keys = await probe.rows<{ name: string; child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(`
    select con.conname as name, con.conrelid::regclass::text as child, con.confrelid::regclass::text as parent,
      array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as child_cols,
      array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord) as parent_cols
    from pg_constraint con where con.contype = 'f'`);
  const dangling: string[] = [];
  for (const key of keys) {
    const present = key.child_cols.map((column) => `c.${ident(column)} is not null`).join(' and ');
    const joins = key.child_cols.map((column, i) => `p.${ident(key.parent_cols[i] ?? '')} = c.${ident(column)}`).join(' and ');
    const [row] = await probe.rows<{ n: number }>(
      `select count(*)::int as n from ${key.child} c where ${present} and not exists (select 1 from ${key.parent} p where ${joins})`,
    );
    if (Number(row?.n) > 0) dangling.push(`${key.name}: ${row?.n} rows`);
  }
  expectSome(keys.length, 'foreign keys');
  return dangling;
};

/**
 * Of the reading sets the tests sent (`ids`, each of TAGS_PER_SET new tags), those in the database without all their
 * traces, or without the stored read count (a set and its traces are written in one transaction).
 */
export const tornReadingSets = async (probe: Probe, ids: readonly string[]): Promise<string[]> => {
  if (ids.length === 0) return [];
  const list = ids.map((id) => `'${id}'`).join(', ');
  const rows = await probe.rows<{ id: string; read_count: number; traces: number }>(
    `select s.id::text as id, s.read_count, (select count(*)::int from traces t where t.reading_set_id = s.id) as traces
     from reading_sets s where s.id in (${list})`,
  );
  return rows
    .filter((row) => Number(row.read_count) !== TAGS_PER_SET || Number(row.traces) !== TAGS_PER_SET)
    .map((row) => `${row.id}: read_count ${row.read_count}, ${row.traces} traces`);
};

export const readingSetIds = async (probe: Probe): Promise<Set<string>> =>
  new Set((await probe.rows<{ id: string }>('select id::text as id from reading_sets')).map((row) => row.id));

const expectSome = (n: number, what: string) => {
  if (n === 0) throw new Error(`the database has no ${what}: the check would prove nothing`);
};

/* ------------------------------------------------------------------ the API as a client uses it */

const TUNNEL = 'TUN-MAD-01';
/** The tags of every reading set the tests send: all new, one read each. */
export const TAGS_PER_SET = 20;
const gtins = buildDemoItemTypes(20).map((type) => type.gtin);
let serial = 10_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

/** A reading set of the demo tunnel with `count` tags never seen before. */
const newSet = (count: number) => ({
  id: randomUUID(),
  device: TUNNEL,
  start_time: new Date(Date.now() - 5_000).toISOString(),
  end_time: new Date().toISOString(),
  epcs: Array.from({ length: count }, (_, i) =>
    encodeSgtin96({ gtin: gtins[i % gtins.length] as string, serial: String(serial++), companyPrefixLength: 7 }),
  ),
});

/** Sends one reading set; answers its id once the server has stored it (201). */
export const sendReadingSet = async (base: string): Promise<string> => {
  const set = newSet(TAGS_PER_SET);
  const response = await fetch(`${base}/api/readingsets/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Device ${demoDeviceKey(TUNNEL)}` },
    body: JSON.stringify(set),
  });
  if (response.status !== 201) throw new Error(`the reading set answered ${response.status}: ${await response.text()}`);
  return set.id;
};

/**
 * Reading sets sent one after the other by `lanes` writers until stopped: the ids sent (as soon as each is sent) and
 * the ids stored (once the server answered 201), each with the time it happened.
 */
export const startWriters = (base: string, lanes = 2) => {
  const sent = new Map<string, number>();
  const stored = new Map<string, number>();
  let running = true;
  let failure: unknown;
  const lane = async () => {
    while (running) {
      const set = newSet(TAGS_PER_SET);
      sent.set(set.id, performance.now());
      const response = await fetch(`${base}/api/readingsets/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Device ${demoDeviceKey(TUNNEL)}` },
        body: JSON.stringify(set),
      });
      if (response.status !== 201) throw new Error(`a reading set answered ${response.status}: ${await response.text()}`);
      stored.set(set.id, performance.now());
    }
  };
  const done = Promise.all(Array.from({ length: lanes }, lane)).catch((error: unknown) => {
    running = false;
    failure = error;
  });
  return {
    sent,
    stored,
    /** Waits until `n` more sets are stored than now. */
    storedMore: async (n: number) => {
      const target = stored.size + n;
      const deadline = Date.now() + 60_000;
      while (stored.size < target) {
        if (failure) throw failure;
        if (Date.now() > deadline) throw new Error(`the writers stored no ${n} more sets within 60 s`);
        await sleep(20);
      }
    },
    stop: async () => {
      running = false;
      await done;
      if (failure) throw failure;
    },
  };
};

/** Signs in as the demo's company admin: the token. */
export const login = async (base: string): Promise<string> => {
  const response = await fetch(`${base}/api/authtoken/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.local', password: 'demo1234' }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

/** GET with a token: status and JSON body. */
export const getJson = async (base: string, url: string, token: string): Promise<{ status: number; body: unknown }> => {
  const response = await fetch(`${base}${url}`, { headers: { authorization: `Token ${token}` } });
  return { status: response.status, body: await response.json() };
};
