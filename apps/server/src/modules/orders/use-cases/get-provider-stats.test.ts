import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getProviderStats } from './get-provider-stats.js';
import { fakeInboundRepo } from './inbound-repo-fixtures.js';

const user = testUser();

describe("get a provider's statistics (use case)", () => {
  it('answers the reception time in hours, the orders and the delay percent', async () => {
    const { repo } = fakeInboundRepo({
      providerStats: async () => ({ orderCount: 4, averageReceptionSeconds: 7200, delayPercent: 25 }),
    });
    expect(await getProviderStats(repo, { user, id: 7 })).toEqual({
      average_reception_time: 2,
      order_count: 4,
      delay_percent: 25,
    });
  });

  it("answers 404 for another company's provider, counting nothing", async () => {
    const { repo, called } = fakeInboundRepo();
    await expect(getProviderStats(repo, { user, id: 8 })).rejects.toMatchObject({ status: 404 });
    expect(called('providerStats')).toEqual([]);
  });
});
