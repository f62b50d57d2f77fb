import { encodeSgtin96 } from '@rfid/epc';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoItemTypes, demoDeviceKey } from '../../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

process.env.READS_IDLE_GAP_MS = '300';

const gtins = buildDemoItemTypes(5).map((i) => i.gtin);
const epcOf = (serial: number) =>
  encodeSgtin96({ gtin: gtins[serial % gtins.length] as string, serial: String(900_000 + serial), companyPrefixLength: 7 });
const READERS = ['TUN-MAD-01', 'POR-MAD-EXP', 'HH-MAD-01', 'POR-T01-ENT'];
const zebraEvent = (serial: number) => ({
  timestamp: new Date(Date.UTC(2026, 10, 22, 8, 0, 0) + serial * 7).toISOString().replace('Z', '+0000'),
  type: 'SIMPLE',
  data: { idHex: epcOf(serial).toLowerCase(), antenna: 1 + (serial % 2), peakRssi: -60 },
});

describe('single-event posts, committed together', () => {
  let t: TestApp;
  const scalar = async (query: ReturnType<typeof sql>): Promise<number> => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  /** How many times the read is held: staged, or a trace of a set of its reader. */
  const held = (serial: number) =>
    scalar(sql`select
      (select count(*) from reader_stream_reads where epc = ${epcOf(serial)})
      + (select count(*) from traces where epc = ${epcOf(serial)}) as n`);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores every read of many concurrent one-event posts from several readers once, each answered after its commit', async () => {
    const posts = 120;
    const notHeldWhenAnswered: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: posts }, async (_, serial) => {
        const reader = READERS[serial % READERS.length] as string;
        const res = await t.call('POST', '/api/readers/stream/', `Device ${demoDeviceKey(reader)}`, zebraEvent(serial));
        // Answered: its read is committed (staged, or already in a set).
        if ((await held(serial)) !== 1) notHeldWhenAnswered.push(serial);
        return res;
      }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: posts }, () => 202));
    expect(answers.map((r) => r.json())).toEqual(
      Array.from({ length: posts }, () => ({ accepted: 1, duplicates: 0, rejected: [] })),
    );
    expect(notHeldWhenAnswered).toEqual([]);

    // Redelivered concurrently (some twice in the same batch): still staged, it is a duplicate; already in a set, it is
    // staged again and dropped by its trace when grouped (counted below).
    const again = await Promise.all(
      [...Array.from({ length: posts }, (_, serial) => serial), 0, 1, 2].map((serial) =>
        t.call(
          'POST',
          '/api/readers/stream/',
          `Device ${demoDeviceKey(READERS[serial % READERS.length] as string)}`,
          zebraEvent(serial),
        ),
      ),
    );
    expect(again.every((r) => r.statusCode === 202 && r.json().accepted + r.json().duplicates === 1)).toBe(true);

    // A bad event among good ones fails only its own post.
    const mixed = await Promise.all([
      t.call('POST', '/api/readers/stream/', `Device ${demoDeviceKey('TUN-MAD-01')}`, zebraEvent(500)),
      t.call('POST', '/api/readers/stream/', `Device ${demoDeviceKey('TUN-MAD-01')}`, {
        ...zebraEvent(501),
        data: { idHex: 'zz', antenna: 1 },
      }),
      t.call('POST', '/api/readers/stream/', `Device ${demoDeviceKey('HH-MAD-01')}`, zebraEvent(502)),
    ]);
    expect(mixed.map((r) => r.statusCode)).toEqual([202, 400, 202]);

    // Once grouped into sets by the idle gap: every read stored exactly once, none staged.
    await expect.poll(() => scalar(sql`select count(*) n from reader_stream_reads`), { timeout: 15_000, interval: 50 }).toBe(0);
    const stored = await Promise.all([...Array.from({ length: posts }, (_, serial) => serial), 500, 502].map(held));
    expect(stored).toEqual(Array.from({ length: posts + 2 }, () => 1));
    expect(await held(501)).toBe(0);
  });
});
