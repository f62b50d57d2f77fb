/**
 * Run by db/pglite-handle.test.ts in a process of its own (`node --import tsx`): should PGlite hang, it blocks the event
 * loop, and only a process can be killed. On a small disk `argv[2]` (mounted by the test): an embedded database whose
 * disk fills at once (no watcher in time), a write that needs a new WAL segment (PostgreSQL PANICs: "could not write to
 * file pg_wal/xlogtemp"), what the next calls answer, and the handle opening the database again once the file filling
 * the disk is gone. Writes one JSON line per step to stdout.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteHandle } from '../db/pglite-handle.js';
import { fillFile } from './small-disk.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-panic.fixture.ts <folder on a small disk>');
const filler = path.join(dir, 'filler');
const report = (step: string, details: object = {}) => console.log(JSON.stringify({ step, ...details }));
const outcome = async (work: () => Promise<unknown>) => {
  const started = Date.now();
  try {
    const value = await work();
    return { ok: true, value, ms: Date.now() - started };
  } catch (error) {
    const { name, code, severity, message } = error as { name?: string; code?: string; severity?: string; message?: string };
    return { ok: false, name, code, severity, message, ms: Date.now() - started };
  }
};

const states: boolean[] = [];
const notes: string[] = [];
const handle = await createPgliteHandle({
  open: async () => {
    const next = new PGlite(path.join(dir, 'pgdata'));
    await next.waitReady;
    return next;
  },
  dataDir: dir,
  reserveBytes: 8 * 1024 * 1024,
  // The watcher looks once a minute: the disk fills between two looks, as when another program fills it at once.
  checkMs: 60_000,
});
const { client } = handle;
await client.query('create table t (id int primary key, v text)');
await client.query("insert into t select n, 'before' from generate_series(1, 1000) n");
await handle.listen('ch', { onNotify: (payload) => notes.push(payload), onState: (listening) => states.push(listening) });
report('ready', { state: handle.state() });

// The disk fills (the test's file), and PostgreSQL must start a new WAL segment for the next write.
fillFile(filler);
report('switch', await outcome(() => client.query('select pg_switch_wal()')));
report('write', await outcome(() => client.query("update t set v = 'during' where id <= 10")));
report('after', { state: handle.state(), states: [...states] });
// Every next call answers at once, none reaches the stopped instance (which would spin forever).
report('read while stopped', await outcome(() => client.query('select count(*)::int as n from t')));
report('transaction while stopped', await outcome(() => client.transaction((tx) => tx.query('select 1'))));

rmSync(filler, { force: true });
const freedAt = Date.now();
while (handle.state() === 'stopped' && Date.now() - freedAt < 30_000) await new Promise((resolve) => setTimeout(resolve, 100));
report('reopened', { state: handle.state(), ms: Date.now() - freedAt, states: [...states] });
report('read after', await outcome(async () => (await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]));
report(
  'rows after',
  await outcome(async () => (await client.query<{ v: string }>('select distinct v from t order by v')).rows.map((r) => r.v)),
);
report('write after', await outcome(() => client.query("update t set v = 'after' where id = 1")));
await client.query("notify ch, 'hello'");
report('notified', { notes: [...notes] });
await handle.close();
report('closed');
process.exit(0);
