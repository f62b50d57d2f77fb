import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getPrintData } from './get-print-data.js';
import { fakeInboundRepo } from './inbound-repo-fixtures.js';

const user = testUser();

describe('get the print data (use case)', () => {
  it("reads the range in the location's zone: a day `to` includes that whole day", async () => {
    const { repo, called } = fakeInboundRepo();
    const answer = await getPrintData(repo, {
      user,
      query: { location_id: 2, date_time_from: '2026-11-01', date_time_to: '2026-11-02' },
    });
    expect(answer.timeZone).toBe('Europe/Madrid');
    const [[input]] = called('printDataRows') as [[{ locationId: number; from: Date; to: { at: Date; inclusive: boolean } }]];
    expect(input.locationId).toBe(2);
    expect(input.from.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(input.to.at > new Date('2026-11-02T12:00:00Z')).toBe(true);
  });

  it('refuses a date that is not one (400 on date_time_from), reading nothing', async () => {
    const { repo, called } = fakeInboundRepo();
    await expect(getPrintData(repo, { user, query: { location_id: 2, date_time_from: 'soon' } })).rejects.toMatchObject({
      status: 400,
      errors: { date_time_from: expect.anything() },
    });
    expect(called('printDataRows')).toEqual([]);
  });
});
