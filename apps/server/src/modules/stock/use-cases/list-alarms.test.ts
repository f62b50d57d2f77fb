import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { countAlarms } from './count-alarms.js';
import { listAlarms } from './list-alarms.js';
import { fakeStockRepo, minimumRecord } from './stock-fixtures.js';

const user = testUser();

describe('list and count stock alarms (use cases)', () => {
  it('answers the alarms of the filters, dated by the later of the minimum and the upload', async () => {
    const uploadedAt = new Date('2026-11-05T10:00:00Z');
    const { repo, called } = fakeStockRepo({ alarms: async () => ({ count: 1, rows: [minimumRecord({ uploadedAt })] }) });
    const page = { limit: 11, offset: 0 };
    const answer = await listAlarms(repo, { user, query: { location: 2, gtin: '0843 7', order_by: '-date' }, page });
    expect(answer).toMatchObject({ count: 1, results: [{ id: 40, date: uploadedAt.toISOString(), current_stock: 2 }] });
    expect(called('alarms')).toEqual([
      [{ user, filters: { locationId: 2, areaId: undefined, gtin: '08437' }, orderBy: '-date', page }],
    ]);
  });

  it('counts with the same filters, refusing an area the user does not see (404)', async () => {
    const { repo, called } = fakeStockRepo({ alarmCount: async () => 4 });
    expect(await countAlarms(repo, { user, query: { area: 3 } })).toBe(4);
    await expect(countAlarms(repo, { user, query: { area: 8 } })).rejects.toMatchObject({ status: 404 });
    expect(called('alarmCount')).toHaveLength(1);
  });
});
