import { describe, expect, it } from 'vitest';
import { getStatistics } from './get-statistics.js';
import { clock, fakeStatsRepo, statsUser as user } from './stats-fixtures.js';

describe('get statistics (use case)', () => {
  it('reads the five figures of a location in one snapshot and answers the dashboard computed from them', async () => {
    const { repo, calls, called } = fakeStatsRepo({
      orderStatusCounts: async () => ({
        entry: { 0: 1, 1: 2, 2: 3, 3: 4, 4: 5 },
        exit: { 0: 1, 3: 7 },
        online: { 1: 4, 2: 2, 3: 3 },
      }),
    });
    const answer = await getStatistics({ repo, now: clock }, { user, target: { kind: 'location', id: 2 }, query: {} });

    expect(answer).toEqual({
      scope: { kind: 'location', id: 2, description: 'T-MAD-01' },
      // Default range: the 30 days before now.
      date_start: '2026-10-30T07:00:00.000Z',
      date_end: '2026-11-29T07:00:00.000Z',
      stock: 95,
      theorical_stock: 100,
      precision: 95, // 95 ÷ 100
      stock_evolution: 18.75, // (95 − 80) ÷ 80
      current_year_stock: 95,
      last_year_stock: 80,
      days_of_supply: 47.5, // 95 ÷ (60 ÷ 30)
      items_out_30_days: 60,
      entrys: { correctly_received: 4, incorrectly_received: 3, waiting: 3 },
      exits: { correctly_exited: 7, incorrectly_exited: 0, waiting: 1 },
      online: { sended: 5, waiting: 4 },
    });
    const figures = ['stockNow', 'theoreticalNow', 'snapshotTotalOn', 'itemsOut', 'orderStatusCounts'];
    expect(calls.filter((c) => figures.includes(c.method)).map((c) => [c.method, c.inSnapshot])).toEqual(
      figures.map((m) => [m, true]),
    );
    expect(called('stockNow')).toEqual([[[2]]]);
    // A year ago: the same day of Madrid a year earlier, its snapshot or one up to 31 days older.
    expect(called('snapshotTotalOn')).toEqual([[{ locationIds: [2], day: '2025-11-29', lookbackDays: 31 }]]);
    expect(called('itemsOut')).toEqual([
      [{ locationIds: [2], from: new Date('2026-10-30T07:00:00Z'), to: new Date('2026-11-29T07:00:00Z') }],
    ]);
  });

  it('counts the orders of whole Madrid days when date_start and date_end are days', async () => {
    const { repo, called } = fakeStatsRepo();
    const answer = await getStatistics(
      { repo, now: clock },
      { user, target: { kind: 'location', id: 2 }, query: { date_start: '2026-11-01', date_end: '2026-11-10' } },
    );
    // 1 November 00:00 in Madrid (UTC+1) to the last millisecond of 10 November there.
    const range = { locationIds: [2], from: new Date('2026-10-31T23:00:00Z'), to: new Date('2026-11-10T22:59:59.999Z') };
    expect(called('orderStatusCounts')).toEqual([[range]]);
    expect(answer).toMatchObject({ date_start: '2026-10-31T23:00:00.000Z', date_end: '2026-11-10T22:59:59.999Z' });
    // Days of supply stays over the 30 days before now, whatever the range.
    expect(called('itemsOut')[0]).toEqual([
      { locationIds: [2], from: new Date('2026-10-30T07:00:00Z'), to: new Date('2026-11-29T07:00:00Z') },
    ]);
  });

  it("sums a company's dashboard over the locations the user sees, in their zone", async () => {
    const { repo, called } = fakeStatsRepo({ scopeTimeZone: async () => 'Atlantic/Canary' });
    const answer = await getStatistics({ repo, now: clock }, { user, target: { kind: 'company', id: 1 }, query: {} });
    expect(answer.scope).toEqual({ kind: 'company', id: 1, description: 'Demo' });
    expect(called('scopeTimeZone')).toEqual([[{ companyId: 1, locationIds: [2, 3, 4] }]]);
    expect(called('stockNow')).toEqual([[[2, 3, 4]]]);
    // 29 November is still the day in the Canaries (UTC+0) at 07:00 UTC.
    expect(called('snapshotTotalOn')[0]).toEqual([{ locationIds: [2, 3, 4], day: '2025-11-29', lookbackDays: 31 }]);
  });

  it('refuses a location the user does not see and another company, reading nothing', async () => {
    const { repo, calls } = fakeStatsRepo();
    await expect(
      getStatistics({ repo, now: clock }, { user, target: { kind: 'location', id: 9 }, query: {} }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', text: { key: 'location.not_found' } });
    await expect(
      getStatistics({ repo, now: clock }, { user, target: { kind: 'company', id: 2 }, query: {} }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', text: { key: 'admin.company_not_found' } });
    // Another company is refused without asking for it.
    expect(calls.map((c) => c.method)).toEqual(['location']);
  });

  it('refuses a range that ends before it starts (400 on date_start)', async () => {
    const { repo, calls } = fakeStatsRepo();
    await expect(
      getStatistics(
        { repo, now: clock },
        { user, target: { kind: 'location', id: 2 }, query: { date_start: '2026-11-10', date_end: '2026-11-01' } },
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION', errors: { date_start: ['common.date_start_after_end'] } });
    expect(calls.map((c) => c.method)).toEqual(['location']);
  });
});
