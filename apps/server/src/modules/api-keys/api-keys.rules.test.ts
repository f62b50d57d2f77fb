import { describe, expect, it } from 'vitest';
import { API_KEY_ROLE, generateApiKey, hashApiKey, keyUser, looksLikeApiKey } from './api-keys.rules.js';

describe('API key rules', () => {
  it('a read key acts as a visualizer (5), a write key as a location editor (3): never the administration (1–2)', () => {
    expect(API_KEY_ROLE).toEqual({ read: 5, write: 3 });
  });

  it('a key is rfid_ and 43 base64url characters; a user token (64 hex) does not look like one', () => {
    const { key, prefix, keyHash } = generateApiKey();
    expect(key).toMatch(/^rfid_[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(key.slice(0, 12));
    expect(keyHash).toBe(hashApiKey(key));
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey('a'.repeat(64))).toBe(false);
    expect(looksLikeApiKey('rfid_a b')).toBe(false);
  });

  it('the user of a key: its company, its locations, its role, acting for its creator; none without a creator', () => {
    const key = {
      id: 7,
      companyId: 3,
      prefix: 'rfid_abc',
      access: 'write' as const,
      locationIds: [4],
      createdBy: 9,
      lastUsedAt: null,
    };
    expect(keyUser(key, 'hash')).toEqual({
      id: 9,
      companyId: 3,
      role: 3,
      editor: false,
      email: 'api-key:rfid_abc',
      locationIds: [4],
      assignedLocationIds: [4],
      tokenHash: 'hash',
      apiKey: { id: 7, access: 'write' },
    });
    expect(keyUser({ ...key, createdBy: null }, 'hash')).toBeNull();
  });
});
