import type { Db } from '../../db/client.js';
import { createSearchRepository } from '../../modules/search/search.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const searchCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('search.search', 'modules/search/search.repository.ts', createSearchRepository(db), {
    itemsByEpc: [user, ['epc']],
    itemsByGtinSerial: [user, 'gtin', 'serial'],
    productByGtin: [user, 'gtin'],
    ordersByCodePrefix: [user, 'prefix', 1],
    boxesByBarcodePrefix: [user, 'prefix', 1],
  });
