import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { getEndpoint } from './get-endpoint.js';
import { endpointRow, fakeRepo, NOW } from './webhook-fixtures.js';

describe('get endpoint (use case)', () => {
  it('answers an endpoint of the company, its disabled reason with it', async () => {
    const { repo } = fakeRepo([endpointRow({ enabled: false, disabledReason: 'failing', disabledAt: NOW })]);
    expect(await getEndpoint({ repo, now: () => NOW }, testUser(), 1)).toMatchObject({
      id: 1,
      enabled: false,
      disabled_reason: 'failing',
      disabled_at: NOW.toISOString(),
    });
  });
  it("another company's endpoint is a 404", async () => {
    const { repo } = fakeRepo([endpointRow({ companyId: 9 })]);
    await expectStatus(getEndpoint({ repo, now: () => NOW }, testUser(), 1), 404);
  });
});
