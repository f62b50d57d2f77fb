import type { Db } from '../../db/client.js';
import { createErpRepository } from '../../modules/erp/erp.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const erpCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('erp.erp', 'modules/erp/erp.repository.ts', createErpRepository(db), {
    storesOf: [user],
    saveSnapshot: [
      {
        companyId: 1,
        createdBy: 1,
        source: 'json',
        fileName: 'fileName',
        rowCount: 1,
        rejectedCount: 1,
        rejected: [{ row: 1, store: 'store', gtin: 'gtin', quantity: 'quantity', reason: 'reason' }],
        locationIds: [1],
      },
      [{ locationId: 1, gtin: 'gtin', quantity: 1 }],
      new Date('2026-01-01T00:00:00.000Z'),
    ],
    listSnapshots: [user, { limit: 1, offset: 1 }],
    getSnapshot: [user, 1],
    locationsOf: [1, [1]],
    seesLocation: [user, 1],
    differences: [user, { onlyDifferences: true }, { limit: 1, offset: 1 }],
    inventoryHead: [user, 1],
    validatedAfter: [user, { us: 1, id: 1 }, { limit: 1 }],
    inventoryLines: [[1]],
  });
