import type { Db } from '../../db/client.js';
import { createSessionsRepository } from '../../modules/sessions/sessions.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const sessionsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('sessions.sessions', 'modules/sessions/sessions.repository.ts', createSessionsRepository(db), {
    listOfUser: [1, new Date('2026-01-01T00:00:00.000Z'), new Date('2026-01-01T00:00:00.000Z')],
    revoke: [1, 1],
    revokeOthers: [1, 1],
    insertTicket: ['tokenHash', { userId: 1, sessionId: 1 }, new Date('2026-01-01T00:00:00.000Z')],
    takeTicket: ['tokenHash', new Date('2026-01-01T00:00:00.000Z')],
    pruneEnded: [new Date('2026-01-01T00:00:00.000Z'), new Date('2026-01-01T00:00:00.000Z')],
  });
