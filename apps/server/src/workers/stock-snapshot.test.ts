import { addDays, DEFAULT_TIME_ZONE, dayOf, JobState, startOfDay, todayIn } from '@rfid/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedStocks, items, locations, stockDaily, traces } from '../db/schema/index.js';
import { demoDeviceKey } from '../db/seed/demo-data.js';
import { createOutboundOrder, newEpcs, postSet } from '../modules/movements/outbound-fixtures.js';
import { createPurchaseOrder, type InboundIds, loadInboundIds } from '../modules/orders/inbound-fixtures.js';
import { rebuiltSnapshotRows } from '../modules/stock/stock-snapshot.repository.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { jobRow, jobsOfKind, runnerPool, silentLog, waitUntil } from '../test/job-fixtures.js';
import type { JobRunner } from './job-runner.js';
import {
  backfillStockSnapshots,
  daysClosedAt,
  registerStockSnapshotJobs,
  StockSnapshotJob,
  writeStockSnapshot,
  writeTodaysStockSnapshots,
} from './stock-snapshot.js';

describe('the day a snapshot closes, in each zone', () => {
  const groups = [
    { timeZone: 'Europe/Madrid', locationIds: [1] },
    { timeZone: 'America/New_York', locationIds: [2] },
    { timeZone: 'UTC', locationIds: [3] },
  ];
  const closed = (at: string) => daysClosedAt(groups, new Date(at)).map(({ group, day }) => [group.timeZone, day]);

  it("closes a zone's day at its own midnight, across the DST changes (CEST → CET on 2026-10-25)", () => {
    // 2026-10-25 in Madrid lasts 25 hours: it ends at 23:00 UTC (CET), the day before at 22:00 UTC (CEST).
    expect(closed('2026-10-24T22:00:00Z')).toEqual([['Europe/Madrid', '2026-10-24']]);
    expect(closed('2026-10-25T22:00:00Z')).toEqual([]);
    expect(closed('2026-10-25T23:00:00Z')).toEqual([['Europe/Madrid', '2026-10-25']]);
    // 2026-03-29 lasts 23 hours: it ends at 22:00 UTC.
    expect(closed('2026-03-29T22:00:00Z')).toEqual([['Europe/Madrid', '2026-03-29']]);
    expect(closed('2026-10-26T00:00:00Z')).toEqual([['UTC', '2026-10-25']]);
    expect(closed('2026-10-26T04:00:00Z')).toEqual([['America/New_York', '2026-10-25']]);
    expect(closed('2026-10-26T04:15:00Z')).toEqual([]);
  });
});

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
  // The demo's locations are in Europe/Madrid: their today is Madrid's.
  const today = todayIn(DEFAULT_TIME_ZONE);
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  let pool: ReturnType<typeof runnerPool>;

  const totalOf = async (day: string, locationId: number) => {
    const [row] = await t.database.db
      .select()
      .from(stockDaily)
      .where(and(eq(stockDaily.day, day), eq(stockDaily.locationId, locationId), isNull(stockDaily.areaId)));
    return row ? { quantity: row.quantity, theoretical: row.theoreticalQuantity } : null;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    pool = runnerPool(t.database.db);
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
  afterAll(async () => {
    await pool?.stopAll();
    await t?.close();
  });

  it('writes today: every area, and each location’s total with its theoretical stock', async () => {
    await writeTodaysStockSnapshots(t.database.db, new Date());
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

  it('the jobs, with two processes: on start the last month’s gaps and today, once; then once per period', async () => {
    const db = t.database.db;
    await db.delete(stockDaily);
    const intervalMs = 400;
    const processes = [pool.make('process-a'), pool.make('process-b')];
    for (const jobs of processes) registerStockSnapshotJobs({ jobs, db, log: silentLog, intervalMs });
    for (const jobs of processes) jobs.start();
    const ranOnce = (rows: { state: string; attempts: number }[]) =>
      rows.every((r) => r.state !== JobState.Done || r.attempts === 1);
    // The backfill of the day and the first snapshot: one job each, whichever process ran it (tomorrow's is queued).
    const utcToday = dayOf(new Date(), 'UTC');
    const backfills = await waitUntil(
      () => jobsOfKind(db, StockSnapshotJob.Backfill),
      (rows) => rows.some((r) => r.key === `${StockSnapshotJob.Backfill}:${utcToday}` && r.state === JobState.Done),
    );
    expect(backfills.map((r) => [r.key, r.state, r.attempts]).sort()).toEqual([
      [`${StockSnapshotJob.Backfill}:${utcToday}`, JobState.Done, 1],
      [`${StockSnapshotJob.Backfill}:${addDays(utcToday, 1)}`, JobState.Queued, 0],
    ]);
    await waitUntil(
      () => totalOf(today, cd),
      (total) => total !== null,
    );
    expect(await totalOf(today, cd)).toEqual({ quantity: 3, theoretical: 3 });
    expect(await totalOf(addDays(today, -4), cd)).toEqual({ quantity: 5, theoretical: 5 });
    expect(await totalOf(addDays(today, -30), cd)).toEqual({ quantity: 0, theoretical: 0 });
    // Periods go by: one job per period (its key), each run by one process only.
    const snapshots = await waitUntil(
      () => jobsOfKind(db, StockSnapshotJob.Snapshot),
      (rows) => rows.filter((r) => r.state === JobState.Done).length >= 3,
    );
    expect(ranOnce(snapshots)).toBe(true);
    expect(new Set(snapshots.map((r) => r.key)).size).toBe(snapshots.length);
    expect(snapshots.every((r) => r.key === `${StockSnapshotJob.Snapshot}:${r.runAt.toISOString()}`)).toBe(true);
    expect(snapshots.every((r) => r.runAt.getTime() % intervalMs === 0)).toBe(true);
    // The closing snapshot: queued once for the next quarter hour (at :00:01), whoever queued it.
    const closing = await jobsOfKind(db, StockSnapshotJob.Close);
    expect(closing).toHaveLength(1);
    const runAt = closing[0]?.runAt as Date;
    expect(closing[0]?.key).toBe(`${StockSnapshotJob.Close}:${runAt.toISOString()}`);
    expect(runAt.getTime() % (15 * 60_000)).toBe(1_000);
    expect(runAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    await pool.stopAll();
  });

  it('the closing snapshot writes the day that ended with the stock at midnight, once; a late one leaves the day alone', async () => {
    const db = t.database.db;
    const processes = [pool.make('process-a'), pool.make('process-b')];
    let clock = new Date();
    for (const jobs of processes) {
      registerStockSnapshotJobs({ jobs, db, log: silentLog, intervalMs: 3_600_000, now: () => clock });
      jobs.start();
    }
    const [a] = processes as [JobRunner, JobRunner];
    // Madrid's midnight that started today (the period start the job's payload names).
    const midnight = startOfDay(today, DEFAULT_TIME_ZONE);
    const close = async (key: string) => {
      const payload = { at: midnight.toISOString() };
      const id = (await a.enqueue(db, { kind: StockSnapshotJob.Close, key, payload, runAt: new Date() })) as number;
      expect(await a.enqueue(db, { kind: StockSnapshotJob.Close, key, payload, runAt: new Date() })).toBeNull();
      return waitUntil(
        () => jobRow(db, id),
        (r) => r.state === JobState.Done,
      );
    };
    const yesterday = addDays(today, -1);
    await db.update(stockDaily).set({ quantity: -1 }).where(eq(stockDaily.day, yesterday));
    expect(await close('test-close:on-time')).toMatchObject({ attempts: 1 });
    expect((await totalOf(yesterday, cd))?.quantity).toBe(3);
    // Every process was down at midnight: run an hour late, it would pass a later stock off as the closing one.
    await db.update(stockDaily).set({ quantity: -1 }).where(eq(stockDaily.day, yesterday));
    clock = new Date(Date.now() + 3_600_000);
    await close('test-close:late');
    expect((await totalOf(yesterday, cd))?.quantity).toBe(-1);
    await pool.stopAll();
  });

  it("rebuilds a day as the day of the location's zone: an upload at 23:30 UTC on 2026-10-25 is Madrid's 26th (CET), UTC's 25th", async () => {
    const db = t.database.db;
    const itemTypeId = ids.gtins[1]?.id as number;
    await db
      .insert(countedStocks)
      .values({ areaId: area, itemTypeId, quantity: 7, uploadedAt: new Date('2026-10-25T23:30:00Z') });
    const range = { from: '2026-10-25', to: '2026-10-26' };
    const areaOn = (rows: Map<string, { areaId: number | null; quantity: number }[]>, day: string) =>
      rows.get(day)?.find((r) => r.areaId === area)?.quantity;
    const madrid = await rebuiltSnapshotRows(db, { timeZone: 'Europe/Madrid', locationIds: [cd], ...range });
    const utc = await rebuiltSnapshotRows(db, { timeZone: 'UTC', locationIds: [cd], ...range });
    expect((areaOn(madrid, '2026-10-26') ?? 0) - (areaOn(madrid, '2026-10-25') ?? 0)).toBe(7);
    expect((areaOn(utc, '2026-10-25') ?? 0) - (areaOn(madrid, '2026-10-25') ?? 0)).toBe(7);
    await db.delete(countedStocks);
  });
});
