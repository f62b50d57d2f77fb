import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { seedDemo } from '../db/seed/seed.js';

/**
 * Migrate and seed once per test run, then clone per test file (issue 14, faster tests): the first test file that asks
 * builds the two templates (migrated only, and migrated with the demo seed) under a lock, the others wait for them.
 * PGlite: a dump of the data folder, loaded by each file's in-memory database. PostgreSQL: template databases, copied by
 * `CREATE DATABASE … TEMPLATE`. The folder is the run's (TEST_TEMPLATE_DIR, made by global-setup.ts, which also drops the
 * PostgreSQL templates at the end); without it every file migrates and seeds its own database as before.
 */

export type Template = 'bare' | 'seeded';

const WAIT_MS = 120_000;

const templateDir = (): string | undefined => process.env.TEST_TEMPLATE_DIR;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `build` once for the run (whichever process gets the lock); everyone else waits for its `ready` marker. */
const once = async (dir: string, name: string, build: () => Promise<void>): Promise<void> => {
  const ready = path.join(dir, `${name}.ready`);
  const failed = path.join(dir, `${name}.failed`);
  const lock = path.join(dir, `${name}.lock`);
  if (existsSync(ready)) return;
  let isBuilder = false;
  try {
    mkdirSync(lock);
    isBuilder = true;
  } catch {
    // another process builds it
  }
  if (isBuilder) {
    try {
      await build();
      writeFileSync(ready, '');
    } catch (error) {
      writeFileSync(failed, String(error instanceof Error ? error.stack : error));
      throw error;
    }
    return;
  }
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (existsSync(failed)) throw new Error(`The test database template ${name} failed:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`The test database template ${name} was not ready within ${WAIT_MS / 1000} s.`);
    await sleep(50);
  }
};

/** The PGlite dump of a template, or undefined when templates are off (no TEST_TEMPLATE_DIR). */
export const pgliteTemplate = async (template: Template): Promise<Blob | undefined> => {
  const dir = templateDir();
  if (!dir) return undefined;
  const file = path.join(dir, `pglite-${template}.tar`);
  await once(dir, `pglite-${template}`, async () => {
    const database = await openDatabase({ inMemory: true });
    try {
      await database.migrate();
      if (template === 'seeded') await seedDemo(database.db);
      if (!database.dumpDataDir) throw new Error('a PGlite template needs a PGlite database');
      writeFileSync(file, Buffer.from(await (await database.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await database.close();
    }
  });
  return new Blob([readFileSync(file)]);
};

/**
 * The run's PostgreSQL template prefix, worked out from its folder (unique to the run): every process gets the same name
 * with nothing to share. It was a random name in a file written by the first process to ask, and a process that read the
 * file between its creation and its write built the seeded template as `_seeded` while the others cloned a name that
 * never existed (seen in CI on 2026-11-28).
 */
const postgresPrefix = (dir: string): string =>
  `rfid_tpl_${createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 12)}`;

/** The name of a PostgreSQL template database on `serverUrl`, or undefined when templates are off. */
export const postgresTemplate = async (serverUrl: string, template: Template): Promise<string | undefined> => {
  const dir = templateDir();
  if (!dir) return undefined;
  const name = `${postgresPrefix(dir)}_${template}`;
  await once(dir, `postgres-${template}`, async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await database.migrate();
      if (template === 'seeded') await seedDemo(database.db);
    } finally {
      await database.close();
    }
  });
  return name;
};

/** Drops the run's PostgreSQL templates and removes its folder (global teardown). */
export const dropTemplates = async (dir: string, serverUrl: string | undefined): Promise<void> => {
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const template of ['bare', 'seeded'] as const) {
      await admin.query(`drop database if exists ${postgresPrefix(dir)}_${template} with (force)`).catch(() => {});
    }
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
};
