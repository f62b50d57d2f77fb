import type { Db } from '../../db/client.js';
import { createApiKeysRepository } from '../../modules/api-keys/api-keys.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const apiKeysCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('api-keys.api-keys', 'modules/api-keys/api-keys.repository.ts', createApiKeysRepository(db), {
    list: [1, { revoked: true }],
    get: [1, 1],
    insert: [
      { companyId: 1, name: 'name', prefix: 'prefix', keyHash: 'keyHash', access: 'read', locationIds: [1], createdBy: 1 },
    ],
    revoke: [1, 1, new Date('2026-01-01T00:00:00.000Z')],
    locationsOf: [1, [1]],
    findActiveByHash: ['keyHash'],
    touch: [1, new Date('2026-01-01T00:00:00.000Z'), 1],
  });
