import type { Db } from '../../db/client.js';
import { createReplenishmentRepository } from '../../modules/replenishment/replenishment.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const replenishmentCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'replenishment.replenishment',
    'modules/replenishment/replenishment.repository.ts',
    createReplenishmentRepository(db),
    {
      store: [user, 1],
      pickList: [
        {
          locationId: 1,
          companyId: 1,
          dayStart: new Date('2026-01-01T00:00:00.000Z'),
          salesSince: new Date('2026-01-01T00:00:00.000Z'),
          page: { limit: 1, offset: 1 },
        },
      ],
      summary: [{ companyId: 1, locationId: 1, dayStart: new Date('2026-01-01T00:00:00.000Z') }],
      hasGtin: [1, 'gtin'],
      addPick: [
        {
          locationId: 1,
          gtin: 'gtin',
          status: 'picked',
          quantity: 1,
          userId: 1,
          clientId: '6f1c1f5e-8d2b-4c57-9a43-0d3f0b0f7a11',
        },
      ],
      pickByClientId: ['6f1c1f5e-8d2b-4c57-9a43-0d3f0b0f7a11'],
      targets: [1, 1],
      setDefault: [1, 1],
      upsertTarget: [{ locationId: 1, gtin: 'gtin', section: 'section', target: 1 }],
      deleteTarget: [1, 1],
    },
  );
