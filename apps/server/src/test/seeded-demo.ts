import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client.js';
import { locationIdByCode } from './admin-fixtures.js';
import { buildTestApp, type TestApp } from './helpers.js';

/** A demo seed's test world: the app, T-MAD-01's and CD-MAD's ids and the demo administrator's sign-in. */
export type SeededDemo = { t: TestApp; store: number; center: number; admin: string };

/**
 * A demo seed's test file: before its tests, the app on the demo data with `seeds` run on it in order, T-MAD-01's and
 * CD-MAD's ids and the demo administrator's sign-in; after them, the app closed. The answer gives that world within a test.
 */
export const seededDemo = (seeds: ((db: Db) => Promise<void>)[], timeoutMs = 120_000): (() => SeededDemo) => {
  let opened: SeededDemo | undefined;
  beforeAll(async () => {
    const t = await buildTestApp();
    for (const seed of seeds) await seed(t.database.db);
    const db = t.database.db;
    const [store, center] = [await locationIdByCode(db, 'T-MAD-01'), await locationIdByCode(db, 'CD-MAD')];
    opened = { t, store, center, admin: await t.login('admin@demo.local') };
  }, timeoutMs);
  afterAll(async () => opened?.t.close());
  return () => {
    if (!opened) throw new Error('the seeded demo did not open');
    return opened;
  };
};
