import { addDays } from '@rfid/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedStocks, items, locations, stockDaily, traces } from '../db/schema/index.js';
import { demoDeviceKey } from '../db/seed/demo-data.js';
import { createOutboundOrder, newEpcs, postSet } from '../modules/movements/outbound-fixtures.js';
import { createPurchaseOrder, type InboundIds, loadInboundIds } from '../modules/orders/inbound-fixtures.js';
import { utcDay } from '../modules/stats/stats.rules.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { backfillStockSnapshots, startStockSnapshotWorker, writeStockSnapshot } from './stock-snapshot.js';

/**
 * The daily stock snapshots: today's rows from the stock now, yesterday's closing rows after a
 * day change, and missing days rebuilt from the tag history (a box received 4 days ago, part of
 * it leaving 2 days ago), never overwriting a day already written.
 */
describe('stock snapshot worker', () => {
  let t: TestApp;
  let ids: InboundIds;
  let cd: number;
  let area: number;
  const today = utcDay(new Date());
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  const silent = { info: () => {}, error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

  const totalOf = async (day: string, locationId: number) => {
    const [row] = await t.database.db
      .select()
      .from(stockDaily)
      .where(and(eq(stockDaily.day, day), eq(stockDaily.locationId, locationId), isNull(stockDaily.areaId)));
    return row ? { quantity: row.quantity, theoretical: row.theoreticalQuantity } : null;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await loadInboundIds(t.database.db);
    // From an empty stock (the inventory demo stocks items): every figure below is this file's own work.
    await t.database.db.delete(traces);
    await t.database.db.delete(countedStocks);
    await t.database.db.update(items).set({ state: 1, areaId: null, locationId: null });
    cd = ids.locations['CD-MAD'] as number;
    area = ids.areaOf['CD-MAD'] as number;
    // The locations existed long before the history rebuilt below.
    await t.database.db.update(locations).set({ createdAt: new Date('2020-01-01T00:00:00Z') });
    const admin = await t.login('admin@demo.local');
    const [g1] = [ids.gtins[0]?.gtin as string];
    await createPurchaseOrder(t, admin, {
      locationId: cd,
      providerId: ids.providerId,
      code: 'SNAP-P1',
      boxes: [{ codebar: 'SNAP-P1-A', contents: [{ gtin: g1, quantity: 5 }] }],
    });
    const epcs = newEpcs(g1, 5);
    const tunnel = { device: 'TUN-MAD-01', key: demoDeviceKey('TUN-MAD-01') };
    expect((await postSet(t, { ...tunnel, codebar: 'SNAP-P1-A', epcs, at: at(4).toISOString() })).statusCode).toBe(201);
    await createOutboundOrder(t, admin, {
      kind: 'movement',
      origin: cd,
      destination: ids.locations['T-MAD-01'] as number,
      code: 'SNAP-M1',
      boxes: [{ codebar: 'SNAP-M1-A', contents: [{ gtin: g1, quantity: 2 }] }],
    });
    const portal = { device: 'POR-MAD-EXP', key: demoDeviceKey('POR-MAD-EXP') };
    expect(
      (await postSet(t, { ...portal, codebar: 'SNAP-M1-A', epcs: epcs.slice(0, 2), at: at(2).toISOString() })).statusCode,
    ).toBe(201);
  });
  afterAll(async () => t?.close());

  it('writes today: every area, and each location’s total with its theoretical stock', async () => {
    await writeStockSnapshot(t.database.db, today);
    expect(await totalOf(today, cd)).toEqual({ quantity: 3, theoretical: 3 });
    const [areaRow] = await t.database.db
      .select()
      .from(stockDaily)
      .where(and(eq(stockDaily.day, today), eq(stockDaily.areaId, area)));
    expect(areaRow?.quantity).toBe(3);
    expect(await totalOf(today, ids.locations['T-MAD-01'] as number)).toEqual({ quantity: 0, theoretical: 0 });
    // Written again, the day is replaced, not doubled.
    await writeStockSnapshot(t.database.db, today);
    const rows = await t.database.db
      .select()
      .from(stockDaily)
      .where(and(eq(stockDaily.day, today), eq(stockDaily.locationId, cd)));
    expect(rows.filter((r) => r.areaId === null)).toHaveLength(1);
  });

  it('rebuilds the missing days from the history: stocked from the reception, less what left', async () => {
    const filled = await backfillStockSnapshots(t.database.db, { from: addDays(today, -6), to: addDays(today, -1) });
    expect(filled).toEqual([6, 5, 4, 3, 2, 1].map((n) => addDays(today, -n)));
    expect(await totalOf(addDays(today, -5), cd)).toEqual({ quantity: 0, theoretical: 0 });
    expect(await totalOf(addDays(today, -4), cd)).toEqual({ quantity: 5, theoretical: 5 });
    expect(await totalOf(addDays(today, -3), cd)).toEqual({ quantity: 5, theoretical: 5 });
    expect(await totalOf(addDays(today, -2), cd)).toEqual({ quantity: 3, theoretical: 3 });
    expect(await totalOf(addDays(today, -1), cd)).toEqual({ quantity: 3, theoretical: 3 });
  });

  it('never overwrites a day already written, and fills nothing twice', async () => {
    await t.database.db
      .update(stockDaily)
      .set({ quantity: 42 })
      .where(and(eq(stockDaily.day, addDays(today, -3)), eq(stockDaily.locationId, cd), isNull(stockDaily.areaId)));
    expect(await backfillStockSnapshots(t.database.db, { from: addDays(today, -6), to: addDays(today, -1) })).toEqual([]);
    expect((await totalOf(addDays(today, -3), cd))?.quantity).toBe(42);
  });

  it('the worker: on start the last month’s gaps and today; after midnight the closing stock of the day that ended', async () => {
    await t.database.db.delete(stockDaily);
    let clock = new Date(`${today}T23:58:00Z`);
    const worker = startStockSnapshotWorker({ db: t.database.db, log: silent, intervalMs: 3_600_000, now: () => clock });
    try {
      await worker.tick();
      expect(await totalOf(today, cd)).toEqual({ quantity: 3, theoretical: 3 });
      expect(await totalOf(addDays(today, -4), cd)).toEqual({ quantity: 5, theoretical: 5 });
      expect(await totalOf(addDays(today, -30), cd)).toEqual({ quantity: 0, theoretical: 0 });
      // Midnight passes: the next tick closes `today` with the stock at that moment and opens the new day.
      await t.database.db.update(stockDaily).set({ quantity: -1 }).where(eq(stockDaily.day, today));
      clock = new Date(`${addDays(today, 1)}T00:00:01Z`);
      await worker.tick();
      expect((await totalOf(today, cd))?.quantity).toBe(3);
      expect((await totalOf(addDays(today, 1), cd))?.quantity).toBe(3);
    } finally {
      worker.stop();
    }
  });
});
