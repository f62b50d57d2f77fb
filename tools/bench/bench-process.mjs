// What the outside benchmarks' tools share (api-ab.mjs, api-memory.mjs, api-profile.mjs): a fresh store for a built
// server started as a process of its own, its environment, its wait for /api/health and its stop.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const tmp = process.env.TMPDIR ?? '/tmp';
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `['K=V', …]` (repeatable --env options) → `{ K: 'V' }`. */
export const envOf = (pairs) =>
  Object.fromEntries((pairs ?? []).map((pair) => [pair.split('=')[0], pair.split('=').slice(1).join('=')]));

/**
 * A fresh store for one server: a temporary DATA_DIR and, for `postgres`, a database created on `pgUrl`;
 * `dispose()` removes both.
 */
export const freshStore = async (kind, pgUrl, prefix) => {
  const dataDir = mkdtempSync(path.join(tmp, `${prefix}-`));
  if (kind !== 'postgres') {
    return { dataDir, databaseUrl: '', dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `${prefix.replace(/\W/g, '_')}_${Math.random().toString(16).slice(2, 10)}`.toLowerCase();
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

/** The built server's environment: its port on 127.0.0.1, no broker, its store, then `extra`. */
export const serverEnv = (port, store, extra = {}) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  MQTT_URL: '',
  DATA_DIR: store.dataDir,
  DATABASE_URL: store.databaseUrl,
  ...extra,
});

/** Until the child's /api/health answers 2xx (3 minutes at most; an exited child fails at once). */
export const waitHealthy = async (child, port, name = 'the server') => {
  for (let i = 0; ; i++) {
    if (i > 1800 || child.exitCode !== null) throw new Error(`${name} did not start`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
};

/** Stops the child (SIGTERM, then its exit). */
export const stopChild = async (child) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};
