import type { Db } from '../../db/client.js';
import { createMovementsRepository } from '../../modules/movements/movements.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const movementsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('movements.movements', 'modules/movements/movements.repository.ts', createMovementsRepository(db), {
    location: [user, 1],
    fileTimeZone: [user, 1],
    movement: [user, 1],
    insertOrder: [{ companyId: 1, type: 'movement', orderCode: 'orderCode' }],
    listMovements: [
      {
        scope: { companyId: 1, locationId: 1, at: 'origin' },
        query: {},
        page: { limit: 1, offset: 1 },
        side: 'origin',
        timeZone: 'Europe/Madrid',
      },
    ],
    epcRows: [1],
    csvChunks: [1],
    exitFigures: [{ locationId: 1, from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-31T00:00:00.000Z') }],
    entryFigures: [{ locationId: 1, from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-31T00:00:00.000Z') }],
    transaction: (repo) =>
      repo.transaction(async (writes) => {
        await writes.lockOrder(1);
        await writes.movement(user, 1);
        await writes.cancelEntry(1);
        await writes.setSync(1, true);
        await writes.hasVerifiedBox(1);
        await writes.deleteOrder(1);
      }),
  });
