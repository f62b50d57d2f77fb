import { describe, expect, it } from 'vitest';
import { seedAvailabilityDemo } from '../../db/seed/availability-demo.js';
import { seededDemo } from '../../test/seeded-demo.js';
import { seedDemoEpcisEvents } from './demo-history.repository.js';

/** The demo's history as EPCIS events (issue 27): what a newcomer's first query answers. */
type Json = Record<string, unknown>;

describe("the demo's EPCIS events", () => {
  // The store floor's demo: reading sets with their traces, and item statuses (damaged, reserved, on display).
  const demo = seededDemo([seedAvailabilityDemo], 240_000);

  const events = async (query: string): Promise<Json[]> => {
    const { t, admin } = demo();
    const r = await t.app.inject({ url: `/epcis/events?perPage=1000&${query}`, headers: { authorization: admin } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().epcisBody.queryResults.resultsBody.eventList;
  };

  it("writes the reads' cycle counts and the statuses' dispositions, once", async () => {
    const before = (await events('EQ_bizStep=cycle_counting')).length;
    const stored = await seedDemoEpcisEvents(demo().t.database.db);
    expect(stored).toBeGreaterThan(0);
    const counts = await events('EQ_bizStep=cycle_counting');
    expect(counts.length).toBeGreaterThan(before);
    expect(counts[0]).toMatchObject({ type: 'ObjectEvent', action: 'OBSERVE', epcList: expect.any(Array) });
    expect((await events('EQ_disposition=damaged')).length).toBeGreaterThan(0);
    expect((await events('EQ_disposition=reserved')).length).toBeGreaterThan(0);
    // Seeded again, nothing new: each event is there by its hash already.
    expect(await seedDemoEpcisEvents(demo().t.database.db)).toBe(0);
  });
});
