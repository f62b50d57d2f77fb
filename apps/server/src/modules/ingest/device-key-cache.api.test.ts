import { createHash } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { rowsOf } from '../../db/rows.js';
import { buildDemoItemTypes, demoDeviceKey } from '../../db/seed/demo-data.js';
import { buildTwoProcesses, type TestApp } from '../../test/helpers.js';

/**
 * Issue 30: each process keeps the readers it authenticated by key (no database read per single-event POST), and every
 * process drops them at the commit of a change to a reader's key, place or mode (NOTIFY devices_changed, migration
 * 0031). Two apps on one database stand for two processes.
 */
describe('readers kept by key', () => {
  let t: TestApp;
  let other: FastifyInstance;
  /** Long enough that only an eviction, never the time, can explain a refusal seen at once. */
  const config = { ...loadConfig(), authCacheMs: 60_000 };
  const [gtin] = buildDemoItemTypes(1).map((type) => type.gtin);
  let serial = 0;
  /** One Zebra IoT Connector tag data event, a new EPC each time, posted to `app` with `key`. */
  const post = async (app: FastifyInstance, key: string) => {
    serial += 1;
    const epc = encodeSgtin96({ gtin: gtin as string, serial: String(900_000 + serial), companyPrefixLength: 7 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/readers/stream/',
      headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
      payload: { timestamp: new Date().toISOString(), data: { idHex: epc.toLowerCase(), antenna: 1 } },
    });
    return response.statusCode;
  };
  const readerId = async (serialNumber: string) => {
    const [row] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from devices where serial_number = ${serialNumber}`),
    );
    if (!row) throw new Error(`no demo reader ${serialNumber}`);
    return row.id;
  };

  let close = async () => {};
  beforeAll(async () => {
    ({ t, other, close } = await buildTwoProcesses(config));
  });
  afterAll(async () => close());

  it('a key rotated through the API is refused at once by the process that rotated it and by the other', async () => {
    const oldKey = demoDeviceKey('HH-MAD-01');
    expect(await post(t.app, oldKey)).toBe(202);
    expect(await post(other, oldKey)).toBe(202);
    expect(await post(other, oldKey)).toBe(202); // kept now in both
    const rotated = await t.call(
      'POST',
      `/api/readers/${await readerId('HH-MAD-01')}/rotate_key/`,
      await t.login('admin@demo.local'),
    );
    expect(rotated.statusCode).toBe(200);
    const newKey = (rotated.json() as { device_key: string }).device_key;
    expect(await post(t.app, oldKey)).toBe(401);
    await expect.poll(() => post(other, oldKey), { timeout: 2_000, interval: 20 }).toBe(401);
    expect(await post(other, newKey)).toBe(202);
    expect(await post(t.app, newKey)).toBe(202);
  });

  it('a reader changed by another process (its key, then its removal) is refused once the change commits', async () => {
    const key = demoDeviceKey('POS-T01-01');
    expect(await post(other, key)).toBe(202);
    expect(await post(other, key)).toBe(202);
    const id = await readerId('POS-T01-01');
    const replaced = createHash('sha256').update('another-key').digest('hex');
    await t.database.db.execute(sql`update devices set device_key_hash = ${replaced} where id = ${id}`);
    await expect.poll(() => post(other, key), { timeout: 2_000, interval: 20 }).toBe(401);
    expect(await post(other, 'another-key')).toBe(202);
  });

  it('a heartbeat (last_seen_at) does not empty the cache: no notification for it', async () => {
    const notified: string[] = [];
    const stop = await t.database.listen('devices_changed', { onNotify: (payload) => notified.push(payload) });
    try {
      await t.database.db.execute(sql`update devices set last_seen_at = now() where serial_number = 'TUN-MAD-01'`);
      await t.database.db.execute(sql`update devices set working_mode = working_mode where serial_number = 'TUN-MAD-01'`);
      await expect.poll(() => notified.length, { timeout: 2_000, interval: 20 }).toBe(1);
      expect(notified).toEqual(['UPDATE']);
    } finally {
      await stop();
    }
  });
});
