import { ItemState } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../../../tools/simulator/src/api.js';
import { playDay } from '../../../../../tools/simulator/src/day.js';
import { planDay } from '../../../../../tools/simulator/src/day-plan.js';
import { areas, items, locations } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { areaUri, epcUri, timeZoneOffset } from './epcis.identity.js';
import { schemaErrors } from './epcis.schema.js';

type Json = Record<string, unknown>;
const dayStart = new Date(Math.floor((Date.now() - 10 * 3_600_000) / 60_000) * 60_000);

/** What an item's last ObjectEvent must say of its state (the contract's ItemState). */
const DISPOSITIONS: Record<number, string[]> = {
  [ItemState.Stocked]: ['in_progress', 'sellable_accessible', 'returned'],
  [ItemState.InTransit]: ['in_transit'],
  [ItemState.Sold]: ['retail_sold'],
  [ItemState.Unknown]: ['unknown'],
  [ItemState.ReturnedToSupplier]: ['returned'],
};

describe('EPCIS events tell the story of a whole day (the simulator’s day)', () => {
  let t: TestApp;
  let admin: string;
  let plan: ReturnType<typeof planDay>;
  const events: Json[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.login('admin@demo.local');
    const api = await signIn({ server, user: 'admin@demo.local', password: 'demo1234' });
    plan = planDay({ seed: 7, dayStart });
    const started = performance.now();
    await playDay(plan, { api, server, transport: 'http', log: () => {} });
    const played = performance.now() - started;
    // Every page of the query interface, each checked against the standard's JSON Schema.
    const queried = performance.now();
    let next: string | null = '/epcis/events?perPage=500';
    let pages = 0;
    while (next) {
      const r: LightMyRequestResponse = await t.app.inject({ url: next, headers: { authorization: admin } });
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json();
      expect(schemaErrors(body)).toEqual([]);
      events.push(...body.epcisBody.queryResults.resultsBody.eventList);
      pages += 1;
      next = /<([^>]+)>; rel="next"/.exec(String(r.headers.link ?? ''))?.[1] ?? null;
    }
    console.log(
      `EPCIS day: played in ${(played / 1000).toFixed(1)} s; ${events.length} events in ${pages} pages read and validated in ${((performance.now() - queried) / 1000).toFixed(1)} s`,
    );
  }, 300_000);
  afterAll(async () => t.close());

  it('writes the CBV business steps of the day with their order as bizTransaction', () => {
    const steps = new Set(events.map((e) => `${e.bizStep}/${e.disposition ?? ''}`));
    for (const step of [
      'receiving/in_progress',
      'shipping/in_transit',
      'retail_selling/retail_sold',
      'shipping/returned',
      'receiving/returned',
    ])
      expect(steps, step).toContain(step);
    const transactions = events.flatMap((e) => (e.bizTransactionList as Json[] | undefined) ?? []);
    expect(transactions.some((x) => x.type === 'po' && String(x.bizTransaction).includes('PO-S7-'))).toBe(true);
    expect(transactions.some((x) => x.type === 'desadv')).toBe(true);
    // one event per reason and place: far fewer events than moved items
    const named = events.reduce((n, e) => n + ((e.epcList as string[] | undefined)?.length ?? 0), 0);
    expect(events.length).toBeLessThan(named / 2);
    expect(new Set(events.map((e) => e.eventID)).size).toBe(events.length);
  });

  it("ends every item's story where the product says it is", async () => {
    const db = t.database.db;
    const [company] = await db.select({ id: locations.companyId }).from(locations).where(eq(locations.code, 'CD-MAD'));
    const rows = await db
      .select()
      .from(items)
      .where(eq(items.companyId, company?.id ?? 0));
    const areaRows = await db
      .select({ id: areas.id, ext: areas.glnExtension, gln: locations.gln, timeZone: locations.timeZone })
      .from(areas)
      .innerJoin(locations, eq(locations.id, areas.locationId));
    const areaOf = new Map(areaRows.map((a) => [a.id, a]));
    const byUri = new Map(rows.map((r) => [epcUri(r.epc), r]));
    // the last ObjectEvent of each EPC (by event time, then by record order)
    const ordered = events
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => e.type === 'ObjectEvent')
      .sort((a, b) => Date.parse(String(a.e.eventTime)) - Date.parse(String(b.e.eventTime)) || a.i - b.i);
    const last = new Map<string, Json>();
    for (const { e } of ordered) for (const epc of (e.epcList as string[]) ?? []) last.set(epc, e);

    const mismatches: string[] = [];
    for (const [epc, event] of last) {
      const item = byUri.get(epc);
      if (!item) {
        mismatches.push(`${epc}: no such item`);
        continue;
      }
      const allowed = DISPOSITIONS[item.state] ?? [];
      if (!allowed.includes(String(event.disposition))) mismatches.push(`${epc}: state ${item.state}, ${event.disposition}`);
      if (item.areaId !== null) {
        const area = areaOf.get(item.areaId);
        const expected = areaUri(item.areaId, area?.gln ?? null, area?.ext ?? null);
        if ((event.readPoint as Json | undefined)?.id !== expected)
          mismatches.push(`${epc}: area ${expected}, readPoint ${JSON.stringify(event.readPoint)}`);
        const offset = timeZoneOffset(area?.timeZone ?? 'UTC', new Date(String(event.eventTime)));
        if (event.eventTimeZoneOffset !== offset) mismatches.push(`${epc}: offset ${event.eventTimeZoneOffset} ≠ ${offset}`);
      }
    }
    expect(mismatches).toEqual([]);
    // every tag the tunnel read in a verified purchase box has its story
    const read = plan.purchases.flatMap((p) => p.boxes.flatMap((b) => (b.fate === 'exact' || b.fate === 'reread' ? b.epcs : [])));
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((hex) => !last.has(epcUri(hex)))).toEqual([]);
    expect(last.size).toBeGreaterThan(read.length);
  });
});
