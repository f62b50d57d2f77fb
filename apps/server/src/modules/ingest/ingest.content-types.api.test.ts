import { encodeSgtin96 } from '@rfid/epc';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoItemTypes, demoDeviceKey } from '../../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { waitUntil } from '../../test/job-fixtures.js';

/** Readers' event batches as their firmware labels them (issue 27, item 6): NDJSON under any content type. */
const gtin = buildDemoItemTypes(1)[0]?.gtin ?? '';
const epcOf = (serial: number) => encodeSgtin96({ gtin, serial: String(serial), companyPrefixLength: 7 });
const POS = demoDeviceKey('POS-T01-01');
type Json = Record<string, unknown>;
process.env.READS_IDLE_GAP_MS = '300';

describe('reader event batches whatever their content type', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const lines = (first: number) =>
    [0, 1]
      .map((i) =>
        JSON.stringify({
          timestamp: `2026-11-29T14:00:0${i}.000Z`,
          eventType: 'tagInventory',
          tagInventoryEvent: { epcHex: epcOf(first + i), antennaPort: 1, peakRssiCdbm: -5000 },
        }),
      )
      .join('\n');
  const post = (payload: string, type: string, authorization = `Device ${POS}`) =>
    t.app.inject({ method: 'POST', url: '/api/readers/stream/', payload, headers: { authorization, 'content-type': type } });

  it.each([
    ['application/json', 100],
    ['application/json; charset=utf-8', 200],
    ['text/plain', 300],
    ['text/plain; charset=utf-8', 400],
    ['application/x-ndjson', 500],
  ])('reads newline-delimited events sent as %s', async (type, first) => {
    const r = await post(`${lines(first)}\r\n`, type);
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
  });

  it('still reads one JSON document, under text/plain too', async () => {
    const [one] = lines(600).split('\n');
    const r = await post(String(one), 'text/plain');
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toMatchObject({ accepted: 1 });
  });

  it('refuses a body that is neither, naming the problem (never a 5xx)', async () => {
    const r = await post('{"timestamp":\n{', 'application/json');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Each line must be one JSON event.');
    expect((await post('', 'text/plain')).statusCode).toBe(400);
  });

  it('stores a tag reported with a zero word after its SGTIN-96 as that SGTIN-96, with its GTIN', async () => {
    const epc = epcOf(800);
    const event = {
      timestamp: '2026-11-29T14:10:00.000Z',
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: `${epc}0000` },
    };
    const r = await post(JSON.stringify(event), 'application/json');
    expect(r.statusCode, r.body).toBe(202);
    const itemOf = async () =>
      ((await t.database.db.execute(sql`select epc, gtin from items where epc like ${`${epc}%`}`)) as unknown as { rows: Json[] })
        .rows;
    expect(await waitUntil(itemOf, (rows) => rows.length > 0)).toEqual([{ epc, gtin }]);
  });

  it('refuses a reader without its key', async () => {
    expect((await post(lines(700), 'text/plain', 'Device nope')).statusCode).toBe(401);
  });
});
