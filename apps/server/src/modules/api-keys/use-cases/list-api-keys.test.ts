import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeKeysRepo } from './api-key-fixtures.js';
import { createApiKey } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';

describe('list API keys (use case)', () => {
  it('lists the company’s active keys newest first, never the key; revoked=true adds the revoked ones', async () => {
    const { repo, rows } = fakeKeysRepo();
    const generate = () => ({ key: 'rfid_secret', prefix: 'rfid_secr', keyHash: 'h' });
    await createApiKey({ repo, generate }, testUser(), { name: 'first', access: 'read', locations: [2] });
    await createApiKey({ repo, generate }, testUser(), { name: 'second', access: 'write' });
    const first = rows.find((r) => r.name === 'first');
    if (first) first.revokedAt = new Date('2026-05-02T00:00:00Z');
    const active = await listApiKeys(repo, testUser(), {});
    expect(active.map((k) => k.name)).toEqual(['second']);
    expect(JSON.stringify(active)).not.toContain('rfid_secret');
    const all = await listApiKeys(repo, testUser(), { revoked: 'true' });
    expect(all.map((k) => [k.name, k.revoked_at])).toEqual([
      ['second', null],
      ['first', '2026-05-02T00:00:00.000Z'],
    ]);
    expect(all[1]?.locations).toEqual([{ id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' }]);
  });
});
