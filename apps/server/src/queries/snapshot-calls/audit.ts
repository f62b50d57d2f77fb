import type { Db } from '../../db/client.js';
import { createAuditRepository } from '../../modules/audit/audit.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const auditCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('audit.audit', 'modules/audit/audit.repository.ts', createAuditRepository(db), {
    append: [
      {
        at: 'at',
        companyId: 1,
        status: 1,
        actorKind: 'actorKind',
        actorId: 1,
        actorLabel: 'actorLabel',
        apiKeyId: 1,
        ip: 'ip',
        userAgent: 'userAgent',
        method: 'method',
        route: 'route',
        path: 'path',
        entity: 'entity',
        entityId: 'entityId',
        action: 'action',
        before: null,
        after: null,
      },
    ],
    list: [1, {}, { limit: 1, offset: 1 }],
    get: [1, 1],
    chunks: [1, {}],
    companyZone: [1],
    apiKeyName: [1],
    userByEmail: ['email'],
    anchor: [],
    walk: [],
    prune: [new Date('2026-01-01T00:00:00.000Z')],
  });
