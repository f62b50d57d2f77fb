import type { Db } from '../../db/client.js';
import { createAvailabilityRepository } from '../../modules/availability/availability.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const availabilityCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'availability.availability',
    'modules/availability/availability.repository.ts',
    createAvailabilityRepository(db),
    {
      availabilityPage: [1, {}, { limit: 1, offset: 1 }],
      availabilityAll: [1, {}],
      itemsByEpc: [1, ['epc']],
      visibleItem: [user, 1],
      statusChanges: [1, { limit: 1, offset: 1 }],
      itemTypes: [1, { gtin: 'gtin' }, 1],
      storeCounts: [user, ['gtin']],
      lastSeen: [1, ['gtin'], 1],
      itemOfEpc: [user, 'epc'],
      latestReads: [user, { id: 1, epc: 'epc' }, 1],
    },
  );
