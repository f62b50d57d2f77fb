import { describe, expect, it } from 'vitest';
import type { StatsRepository } from '../stats.repository.js';
import { getGraph } from './get-graph.js';
import { clock, fakeStatsRepo, statsUser as user } from './stats-fixtures.js';

const location = { kind: 'location', id: 2 } as const;

/** The graph of location 2 (T-MAD-01) for `query`, from `repo` at the fixtures' clock. */
const graphOf = (repo: StatsRepository, query: Parameters<typeof getGraph>[1]['query']) =>
  getGraph({ repo, now: clock }, { user, target: location, query });

describe('get graph (use case)', () => {
  it("charts each day's last snapshot, and the stock now on today (29 November in Madrid)", async () => {
    const { repo, called } = fakeStatsRepo({
      stockBuckets: async () => [
        { bucket: '2026-11-27', quantity: 10, theoretical: 9 },
        { bucket: '2026-11-28', quantity: 11, theoretical: 10 },
        // Not a bucket of the chart: left out.
        { bucket: '2026-11-26', quantity: 99, theoretical: 99 },
      ],
    });
    const answer = await graphOf(repo, { date_start: '2026-11-27', date_end: '2026-11-29' });
    expect(answer).toEqual({
      module: 'stock',
      granularity: 'day',
      date_start: '2026-11-27',
      date_end: '2026-11-29',
      x_axis: ['2026-11-27', '2026-11-28', '2026-11-29'],
      series: [
        { name: 'stock', data: [10, 11, 95] },
        { name: 'theorical_stock', data: [9, 10, 100] },
      ],
    });
    expect(called('stockBuckets')).toEqual([
      [{ locationIds: [2], start: '2026-11-27', end: '2026-11-29', format: 'YYYY-MM-DD' }],
    ]);
  });

  it('leaves a day without a snapshot empty and reads no stock now for a range before today', async () => {
    const { repo, called } = fakeStatsRepo({
      stockBuckets: async () => [{ bucket: '2026-11-27', quantity: 10, theoretical: 9 }],
    });
    const answer = await graphOf(repo, { date_start: '2026-11-27', date_end: '2026-11-28' });
    expect(answer.series).toEqual([
      { name: 'stock', data: [10, null] },
      { name: 'theorical_stock', data: [9, null] },
    ]);
    expect(called('stockNow')).toEqual([]);
    expect(called('theoreticalNow')).toEqual([]);
  });

  it('counts inbound orders per day and destination status over whole Madrid days (4 canceled left out)', async () => {
    const { repo, called } = fakeStatsRepo({
      orderBuckets: async () => [
        { bucket: '2026-11-27', key: '0', n: 1 },
        { bucket: '2026-11-27', key: '1', n: 2 },
        { bucket: '2026-11-27', key: '3', n: 4 },
        { bucket: '2026-11-28', key: '2', n: 5 },
        { bucket: '2026-11-28', key: '4', n: 6 },
        { bucket: '2026-12-01', key: '3', n: 9 },
      ],
    });
    const answer = await graphOf(repo, { module: 'inbound', date_start: '2026-11-27', date_end: '2026-11-28' });
    expect(answer.series).toEqual([
      { name: 'correctly_received', data: [4, 0] },
      { name: 'incorrectly_received', data: [0, 5] },
      { name: 'waiting', data: [3, 0] },
    ]);
    expect(called('orderBuckets')).toEqual([
      [
        {
          locationIds: [2],
          module: 'inbound',
          from: new Date('2026-11-26T23:00:00Z'),
          to: new Date('2026-11-28T22:59:59.999Z'),
          format: 'YYYY-MM-DD',
          timeZone: 'Europe/Madrid',
        },
      ],
    ]);
  });

  it('counts online orders per month: origin status 2 and 3 sent, 0 and 1 waiting', async () => {
    const { repo, called } = fakeStatsRepo({
      orderBuckets: async () => [
        { bucket: '2026-10', key: '2', n: 1 },
        { bucket: '2026-10', key: '3', n: 2 },
        { bucket: '2026-11', key: '0', n: 3 },
        { bucket: '2026-11', key: '4', n: 7 },
      ],
    });
    const answer = await graphOf(repo, { module: 'online', granularity: 'month', date_start: '2026-10', date_end: '2026-11' });
    expect(answer).toMatchObject({ granularity: 'month', date_start: '2026-10-01', date_end: '2026-11-30' });
    expect(answer.x_axis).toEqual(['2026-10', '2026-11']);
    expect(answer.series).toEqual([
      { name: 'sended', data: [3, 0] },
      { name: 'waiting', data: [0, 3] },
    ]);
    // 1 October 00:00 in Madrid (CEST, UTC+2) to the end of 30 November there (CET, UTC+1).
    expect(called('orderBuckets')[0]).toEqual([
      {
        locationIds: [2],
        module: 'online',
        from: new Date('2026-09-30T22:00:00Z'),
        to: new Date('2026-11-30T22:59:59.999Z'),
        format: 'YYYY-MM',
        timeZone: 'Europe/Madrid',
      },
    ]);
  });

  it('charts movements leaving by origin status and POS items sold and returned', async () => {
    const { repo } = fakeStatsRepo({
      orderBuckets: async () => [
        { bucket: '2026-11-28', key: '3', n: 2 },
        { bucket: '2026-11-28', key: '2', n: 1 },
      ],
      posBuckets: async () => [
        { bucket: '2026-11-28', key: 'sale', n: 12 },
        { bucket: '2026-11-29', key: 'return', n: 3 },
      ],
    });
    const query = { date_start: '2026-11-28', date_end: '2026-11-29' };
    const outbound = await graphOf(repo, { ...query, module: 'outbound' });
    expect(outbound.series).toEqual([
      { name: 'correctly_exited', data: [2, 0] },
      { name: 'incorrectly_exited', data: [1, 0] },
      { name: 'waiting', data: [0, 0] },
    ]);
    const pos = await graphOf(repo, { ...query, module: 'pos' });
    expect(pos.series).toEqual([
      { name: 'sales', data: [12, 0] },
      { name: 'returns', data: [0, 3] },
    ]);
  });

  it('refuses a start after today (400 on date_start) and a location the user does not see', async () => {
    const { repo, calls } = fakeStatsRepo();
    await expect(graphOf(repo, { date_start: '2026-11-30' })).rejects.toMatchObject({
      code: 'VALIDATION',
      errors: { date_start: ['common.date_start_after_today'] },
    });
    await expect(getGraph({ repo, now: clock }, { user, target: { kind: 'location', id: 9 }, query: {} })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      text: { key: 'location.not_found' },
    });
    expect(calls.map((c) => c.method)).toEqual(['location', 'location']);
  });
});
