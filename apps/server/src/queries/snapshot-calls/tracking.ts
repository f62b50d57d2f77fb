import type { Db } from '../../db/client.js';
import { createTrackingRepository } from '../../modules/tracking/tracking.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const trackingCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('tracking.tracking', 'modules/tracking/tracking.repository.ts', createTrackingRepository(db), {
    itemsByEpc: [user, 'epc'],
    itemsByGtinSerial: [user, 'gtin', 'serial'],
    itemById: [user, 1],
    listItems: [user, {}, { limit: 1, offset: 1 }, 'Europe/Madrid'],
    readingsOfItem: [user, 1, { limit: 1, offset: 1 }],
    readingSetsOfItem: [user, 1, { limit: 1, offset: 1 }],
    freeSetsOfLocation: [1, {}, { limit: 1, offset: 1 }, 'Europe/Madrid'],
    setById: [user, 'id'],
    setLines: ['setId'],
    setEpcs: ['setId', {}, { limit: 1, offset: 1 }],
  });
