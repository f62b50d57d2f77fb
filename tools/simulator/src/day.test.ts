import { decodeEpc } from '@rfid/epc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../apps/server/src/test/helpers.js';
import { signIn } from './api.js';
import { type DayReport, formatDaySummary, playDay } from './day.js';
import { DAY_OUTCOME, PURCHASE_FATES, planDay } from './day-plan.js';
import { demoGtins } from './demo.js';

const dayStart = new Date(Math.floor((Date.now() - 10 * 3_600_000) / 60_000) * 60_000);

describe('day plan', () => {
  it('is a function of the seed', () => {
    expect(planDay({ seed: 42, dayStart })).toEqual(planDay({ seed: 42, dayStart }));
    const other = planDay({ seed: 43, dayStart });
    expect(other.purchases[0]?.boxes[0]?.epcs).not.toEqual(planDay({ seed: 42, dayStart }).purchases[0]?.boxes[0]?.epcs);
  });

  it('boxes hold what their contents say; the tunnel reads per fate', () => {
    const plan = planDay({ seed: 9, dayStart });
    const gtins = new Set(demoGtins());
    for (const p of plan.purchases)
      for (const box of p.boxes) {
        const counted = new Map<string, number>();
        for (const epc of box.epcs) {
          const gtin = decodeEpc(epc).gtin as string;
          expect(gtins.has(gtin)).toBe(true);
          counted.set(gtin, (counted.get(gtin) ?? 0) + 1);
        }
        expect(box.contents).toEqual(
          [...counted].map(([gtin, quantity]) => ({ gtin, quantity })).sort((a, b) => a.gtin.localeCompare(b.gtin)),
        );
        const read = box.read?.epcs ?? [];
        if (box.fate === 'exact' || box.fate === 'reread') expect(read).toEqual(box.epcs);
        if (box.fate === 'reread') expect(box.firstPass?.epcs.length).toBe(box.epcs.length - 1);
        else expect(box.firstPass).toBeNull();
        if (box.fate === 'missing') expect(read.length).toBeLessThan(box.epcs.length);
        if (box.fate === 'extra') expect(read.length).toBeGreaterThan(box.epcs.length);
        if (box.fate === 'unread') expect(box.read).toBeNull();
        if (box.read) expect(box.read.at.getTime()).toBeLessThan(Date.now());
      }
    // nothing leaves CD-MAD twice: movement, online and provider-return EPCs are distinct
    const out = [
      ...plan.providerReturn.read.epcs,
      ...plan.movements.flatMap((m) => m.boxes.flatMap((b) => b.epcs)),
      ...plan.online.flatMap((o) => o.boxes.flatMap((b) => b.epcs)),
    ];
    expect(new Set(out).size).toBe(out.length);
  });
});

describe('day scenario against the server', () => {
  let t: TestApp;
  let server: string;
  let report: DayReport;
  let admin: string;
  const seed = 42;

  beforeAll(async () => {
    t = await buildTestApp();
    server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.login('admin@demo.local');
    const api = await signIn({ server, user: 'admin@demo.local', password: 'demo1234' });
    const started = performance.now();
    report = await playDay(planDay({ seed, dayStart }), { api, server, transport: 'http', log: () => {} });
    // measured for the README: the whole day over HTTP on in-memory PGlite
    console.log(`day scenario: ${((performance.now() - started) / 1000).toFixed(1)} s\n${formatDaySummary(report)}`);
  }, 60_000);
  afterAll(async () => t.close());

  const get = async (url: string) => {
    const r = await t.app.inject({ url, headers: { authorization: admin } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };

  it('creates the purchase orders and every box and order status appears', async () => {
    const purchases = report.orders.filter((o) => o.kind === 'purchase');
    expect(purchases).toHaveLength(PURCHASE_FATES.length);
    expect(purchases.map((o) => o.status)).toEqual(DAY_OUTCOME.purchaseStatuses);
    const boxStatus: Record<string, number> = DAY_OUTCOME.boxStatusByFate;
    for (const o of purchases) for (const b of o.boxes) expect(b.status, b.codebar).toBe(boxStatus[b.plan]);
    expect(new Set(purchases.flatMap((o) => o.boxes.map((b) => b.status)))).toEqual(new Set([0, 1, 2]));
    // a box read twice keeps both verifications; the latest (exact) one counts
    expect(purchases[0]?.boxes[2]).toMatchObject({ plan: 'reread', status: 2, verifications: 2 });

    // the inbound dashboard's report types each list the day's orders
    const mad = purchases[0] && (await get(`/api/porders/${purchases[0].id}/`)).destination;
    const codes = async (reportType: string) =>
      (
        await get(`/api/locations/${mad}/v1/porders/?report_type=${reportType}&order_code__icontains=-S${seed}-&limit=100`)
      ).results
        .map((o: { order_code: string }) => o.order_code)
        .sort();
    expect(await codes('pending')).toEqual([`PO-S${seed}-04`, `PO-S${seed}-05`]);
    expect(await codes('with_errors')).toEqual([`PO-S${seed}-02`, `PO-S${seed}-03`]);
    expect(await codes('without_errors')).toEqual([`PO-S${seed}-01`, `PO-S${seed}-06`]);
  });

  it('produces a provider return and a sale return as returns.md describes', () => {
    expect(report.returns).toEqual([
      { kind: 'provider', id: expect.any(Number), code: `PO-S${seed}-06`, items: 2 },
      { kind: 'sale', id: expect.any(Number), code: `WEB-S${seed}-01`, items: 1 },
    ]);
  });

  it('moves goods to the store, verified at both ends, two tags short in one box', () => {
    const movements = report.orders.filter((o) => o.kind === 'movement');
    expect(movements.map((o) => [o.status, o.entryStatus])).toEqual(DAY_OUTCOME.movementStatuses);
    expect(movements[0]?.boxes.map((b) => [b.status, b.entryStatus])).toEqual([
      [2, 2],
      [2, 1],
    ]);
  });

  it('expedites an online order and sells and takes back at the store', () => {
    expect(report.orders.filter((o) => o.kind === 'online').map((o) => o.status)).toEqual(DAY_OUTCOME.onlineStatuses);
    expect(report.readersAdded).toHaveLength(2);
    expect(report.pos.map((p) => [p.kind, p.items, p.warnings])).toEqual(DAY_OUTCOME.posOperations);
    expect(report.skipped).toEqual([]);
    expect(report.claims.free).toBeUndefined();
  });

  it("picks T-MAD-01's pick list and its floor handheld moves what it picked to the sales floor", async () => {
    const store = (await get('/api/locations/?limit=1000')).results.find((l: { code: string }) => l.code === 'T-MAD-01').id;
    // The day's store entries put units in the store; each line picked was seen on the floor and left the list.
    const left = (await get(`/api/locations/${store}/replenishment/?limit=1000`)).results as { picked: number | null }[];
    expect(left.filter((line) => line.picked !== null)).toEqual([]);
    expect(report.replenished).toBeGreaterThan(0);
    expect(report.claims.inventory).toBeGreaterThan(0);
  });

  it('leaves out, and names, what a location editor may not do (add readers)', async () => {
    const api = await signIn({ server, user: 'editor@demo.local', password: 'demo1234' });
    const editorDay = await playDay(planDay({ seed: 43, dayStart }), { api, server, transport: 'http', log: () => {} });
    expect(editorDay.orders.filter((o) => o.kind === 'purchase').map((o) => o.status)).toEqual([3, 2, 2, 1, 0, 3]);
    expect(editorDay.orders.filter((o) => o.kind === 'online')).toEqual([]);
    expect(editorDay.pos.map((p) => p.kind)).toEqual(['sale', 'sale', 'sale']);
    expect(editorDay.skipped.join('\n')).toMatch(
      /SIM-MAD-ONL could not be added \(403\)[\s\S]*online orders[\s\S]*sale return[\s\S]*POS return/,
    );
  });

  it('will not play the same seed twice on one server', async () => {
    const api = await signIn({ server, user: 'admin@demo.local', password: 'demo1234' });
    await expect(playDay(planDay({ seed, dayStart }), { api, server, transport: 'http', log: () => {} })).rejects.toThrow(
      /already played the day of seed 42/,
    );
  });
});
