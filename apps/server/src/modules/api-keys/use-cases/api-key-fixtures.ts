import { fakeInsert } from '../../../test/fake-insert.js';
import type { ApiKeyRow, ApiKeysRepository, KeyLocation, NewApiKey } from '../api-keys.repository.js';

/** The company 1's locations of the fakes. */
export const PLACES: KeyLocation[] = [
  { id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' },
  { id: 3, code: 'T-BCN-01', description: 'Tienda Barcelona' },
];

/** An in-memory keys repository of company 1 (and a key of company 2): what was inserted and revoked. */
export const fakeKeysRepo = () => {
  const rows: ApiKeyRow[] = [
    {
      id: 50,
      companyId: 2,
      name: 'other company',
      prefix: 'rfid_zzzzzzz',
      access: 'read',
      locationIds: null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      lastUsedAt: null,
      revokedAt: null,
      creatorId: 90,
      creatorFirstName: 'O',
      creatorLastName: 'T',
      creatorEmail: 'o@other.local',
    },
  ];
  const inserted: NewApiKey[] = [];
  const revoked: number[] = [];
  const repo: ApiKeysRepository = {
    list: async (companyId, { revoked: withRevoked }) =>
      rows.filter((r) => r.companyId === companyId && (withRevoked || r.revokedAt === null)).sort((a, b) => b.id - a.id),
    get: async (companyId, id) => rows.find((r) => r.companyId === companyId && r.id === id),
    insert: fakeInsert(inserted, rows, 100, (key, id) => ({
      id,
      companyId: key.companyId,
      name: key.name,
      prefix: key.prefix,
      access: key.access,
      locationIds: key.locationIds,
      createdAt: new Date('2026-05-01T10:00:00Z'),
      lastUsedAt: null,
      revokedAt: null,
      creatorId: key.createdBy,
      creatorFirstName: 'Ana',
      creatorLastName: 'Admin',
      creatorEmail: 'admin@demo.local',
    })),
    revoke: async (companyId, id, at) => {
      const row = rows.find((r) => r.companyId === companyId && r.id === id && r.revokedAt === null);
      if (!row) return false;
      row.revokedAt = at;
      revoked.push(id);
      return true;
    },
    locationsOf: async (companyId, ids) => (companyId === 1 ? PLACES.filter((p) => ids.includes(p.id)) : []),
    findActiveByHash: async () => undefined,
    touch: async () => {},
  };
  return { repo, rows, inserted, revoked };
};
