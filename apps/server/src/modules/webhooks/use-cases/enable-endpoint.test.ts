import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { enableEndpoint } from './enable-endpoint.js';
import { endpointRow, fakeRepo, NOW } from './webhook-fixtures.js';

describe('enable endpoint (use case)', () => {
  it('a disabled endpoint is enabled again: reason and failures cleared', async () => {
    const { repo } = fakeRepo([endpointRow({ enabled: false, disabledReason: 'failing', consecutiveFailures: 5 })]);
    expect(await enableEndpoint({ repo, now: () => NOW }, testUser(), 1)).toMatchObject({
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
    });
  });
  it("another company's is a 404", async () => {
    const { repo } = fakeRepo([endpointRow({ companyId: 9, enabled: false })]);
    await expectStatus(enableEndpoint({ repo, now: () => NOW }, testUser(), 1), 404);
  });
});
