import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { listEndpoints } from './list-endpoints.js';
import { endpointRow, fakeRepo, NOW } from './webhook-fixtures.js';

describe('list endpoints (use case)', () => {
  it("answers the user's company's endpoints, never their secrets", async () => {
    const { repo } = fakeRepo([endpointRow({ id: 1 }), endpointRow({ id: 2, companyId: 9 })]);
    const answer = await listEndpoints({ repo, now: () => NOW }, testUser());
    expect(answer.map((e) => e.id)).toEqual([1]);
    expect(JSON.stringify(answer)).not.toContain('whsec_');
  });
  it('says until when a rotation lasts, and nothing once it is over', async () => {
    const until = new Date(NOW.getTime() + 1_000);
    const { repo } = fakeRepo([
      endpointRow({ id: 1, previousSecret: 'whsec_old', previousSecretUntil: until }),
      endpointRow({ id: 2, previousSecret: 'whsec_old', previousSecretUntil: new Date(NOW.getTime() - 1) }),
    ]);
    const answer = await listEndpoints({ repo, now: () => NOW }, testUser());
    expect(answer.map((e) => e.previous_secret_until)).toEqual([until.toISOString(), null]);
  });
});
