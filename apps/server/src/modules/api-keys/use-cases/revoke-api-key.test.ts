import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeKeysRepo } from './api-key-fixtures.js';
import { createApiKey } from './create-api-key.js';
import { revokeApiKey } from './revoke-api-key.js';

const NOW = new Date('2026-05-03T08:00:00Z');

describe('revoke API key (use case)', () => {
  const setup = async () => {
    const fake = fakeKeysRepo();
    const { id } = await createApiKey(
      { repo: fake.repo, generate: () => ({ key: 'k', prefix: 'k', keyHash: 'h' }) },
      testUser(),
      {
        name: 'to go',
        access: 'read',
      },
    );
    return { ...fake, id, run: (keyId: number) => revokeApiKey({ repo: fake.repo, now: () => NOW }, testUser(), keyId) };
  };

  it('revokes at the time, and answers the key revoked', async () => {
    const { id, run, revoked } = await setup();
    const answer = await run(id);
    expect(revoked).toEqual([id]);
    expect(answer.revoked_at).toBe(NOW.toISOString());
  });

  it('a key revoked already is a 409', async () => {
    const { id, run, revoked } = await setup();
    await run(id);
    await expectStatus(run(id), 409);
    expect(revoked).toEqual([id]);
  });

  it('another company’s key or an unknown one is a 404, and nothing is revoked', async () => {
    const { run, revoked } = await setup();
    await expectStatus(run(50), 404);
    await expectStatus(run(999), 404);
    expect(revoked).toEqual([]);
  });
});
