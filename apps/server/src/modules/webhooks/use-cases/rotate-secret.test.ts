import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { rotateSecret } from './rotate-secret.js';
import { endpointRow, fakeRepo, NOW } from './webhook-fixtures.js';

describe('rotate secret (use case)', () => {
  it('answers the new secret; the current one becomes the previous one, signing 24 h more', async () => {
    const { repo, state } = fakeRepo();
    const answer = await rotateSecret({ repo, now: () => NOW, newSecret: () => 'whsec_next' }, testUser(), 1);
    expect(answer).toEqual({ secret: 'whsec_next', previous_secret_until: '2026-11-30T10:00:00.000Z' });
    expect(state.endpoints[0]).toMatchObject({ secret: 'whsec_next', previousSecret: 'whsec_current' });
  });
  it("another company's is a 404 and keeps its secret", async () => {
    const { repo, state } = fakeRepo([endpointRow({ companyId: 9 })]);
    await expectStatus(rotateSecret({ repo, now: () => NOW, newSecret: () => 'whsec_next' }, testUser(), 1), 404);
    expect(state.endpoints[0]?.secret).toBe('whsec_current');
  });
});
