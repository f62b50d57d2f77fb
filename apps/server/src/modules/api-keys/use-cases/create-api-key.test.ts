import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { generateApiKey, hashApiKey } from '../api-keys.rules.js';
import { fakeKeysRepo } from './api-key-fixtures.js';
import { createApiKey } from './create-api-key.js';

/** A key from fixed random bytes: its text is known before the use case runs. */
const fixedKey = () => generateApiKey((size) => Buffer.alloc(size, 7));
const KEY = `rfid_${Buffer.alloc(32, 7).toString('base64url')}`;

describe('create API key (use case)', () => {
  it('stores only the hash and the first 12 characters, and answers the key once', async () => {
    const { repo, inserted } = fakeKeysRepo();
    const answer = await createApiKey({ repo, generate: fixedKey }, testUser({ id: 4 }), {
      name: 'ERP',
      access: 'write',
      locations: [3, 2, 3],
    });
    expect(inserted).toEqual([
      {
        companyId: 1,
        name: 'ERP',
        prefix: KEY.slice(0, 12),
        keyHash: hashApiKey(KEY),
        access: 'write',
        locationIds: [3, 2],
        createdBy: 4,
      },
    ]);
    expect(answer.key).toBe(KEY);
    expect(answer.locations?.map((l) => l.code)).toEqual(['T-BCN-01', 'T-MAD-01'].sort());
    expect(JSON.stringify(inserted)).not.toContain(KEY);
  });

  it('a key without locations is for every location (null)', async () => {
    const { repo, inserted } = fakeKeysRepo();
    const answer = await createApiKey({ repo, generate: fixedKey }, testUser(), { name: 'all', access: 'read' });
    expect(inserted[0]?.locationIds).toBeNull();
    expect(answer.locations).toBeNull();
  });

  it('refuses a location that is not the company’s (404) and makes nothing', async () => {
    const { repo, inserted } = fakeKeysRepo();
    await expectStatus(
      createApiKey({ repo, generate: fixedKey }, testUser(), { name: 'x', access: 'read', locations: [2, 99] }),
      404,
    );
    expect(inserted).toEqual([]);
  });
});
