import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getMovementEntryStats } from './get-movement-entry-stats.js';
import { getMovementExitStats } from './get-movement-exit-stats.js';
import { fakeMovementsRepo } from './movement-fixtures.js';

const user = testUser();
// 4 movements, 1 pending, 2 h on average, 3 h at most.
const figures = { orders: 4, pending: 1, avgSeconds: 7200, maxSeconds: 10_800 };

describe('movement statistics (use cases)', () => {
  it("exits: the figures of the range read in the location's zone (a date-only end is the end of that day)", async () => {
    const { repo, called } = fakeMovementsRepo({ over: { exitFigures: async () => figures } });
    const query = { date_start: '2026-11-01', date_end: '2026-11-10' };
    const answer = await getMovementExitStats(repo, { user, locationId: 2, query });
    // Madrid is UTC+1 in November: its 1 November starts at 23:00 UTC the day before, its 10th ends at 22:59:59.999.
    expect(called('exitFigures')).toEqual([
      [{ locationId: 2, from: new Date('2026-10-31T23:00:00.000Z'), to: new Date('2026-11-10T22:59:59.999Z') }],
    ]);
    expect(answer).toMatchObject({ orders: 4, origin_pending_orders: 1, average_shipping_time: 2, max_shipping_time: 3 });
    expect(answer.origin_daily_orders).toBeCloseTo(0.4);
  });

  it('exits: the last 30 days by default', async () => {
    const { repo, called } = fakeMovementsRepo({ over: { exitFigures: async () => figures } });
    const now = new Date('2026-11-30T12:00:00Z');
    await getMovementExitStats(repo, { user, locationId: 2, query: {}, now });
    expect(called('exitFigures')).toEqual([[{ locationId: 2, from: new Date('2026-10-31T12:00:00Z'), to: now }]]);
  });

  it("entries: the figures of the movements arriving, in the location's zone", async () => {
    const { repo, called } = fakeMovementsRepo({ over: { entryFigures: async () => figures } });
    const answer = await getMovementEntryStats(repo, {
      user,
      locationId: 3,
      query: { date_start: '2026-11-01', date_end: '2026-11-01' },
    });
    // The Canaries are UTC+0 in November: the day is 00:00 to 23:59:59.999 UTC.
    expect(called('entryFigures')).toEqual([
      [{ locationId: 3, from: new Date('2026-11-01T00:00:00.000Z'), to: new Date('2026-11-01T23:59:59.999Z') }],
    ]);
    expect(answer).toMatchObject({ orders: 4, destination_pending_orders: 1, average_reception_time: 2, max_reception_time: 3 });
  });

  it('answers 404 for a location the user does not see, reading no figure', async () => {
    const { repo, called } = fakeMovementsRepo();
    await expect(getMovementExitStats(repo, { user, locationId: 9, query: {} })).rejects.toMatchObject({ status: 404 });
    await expect(getMovementEntryStats(repo, { user, locationId: 9, query: {} })).rejects.toMatchObject({ status: 404 });
    expect([...called('exitFigures'), ...called('entryFigures')]).toEqual([]);
  });
});
