import type { Db } from '../../db/client.js';
import { createShrinkRepository } from '../../modules/shrink/shrink.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const shrinkCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('shrink.shrink', 'modules/shrink/shrink.repository.ts', createShrinkRepository(db), {
    location: [user, 1],
    validatedInventories: [
      { locationId: 1, from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-01T00:00:00.000Z'), zone: 'zone' },
    ],
    lostByDay: [
      { locationId: 1, from: new Date('2026-01-01T00:00:00.000Z'), to: new Date('2026-01-01T00:00:00.000Z'), zone: 'zone' },
    ],
    topGtins: [
      {
        locationId: 1,
        from: new Date('2026-01-01T00:00:00.000Z'),
        to: new Date('2026-01-01T00:00:00.000Z'),
        zone: 'zone',
        limit: 1,
      },
    ],
    topSections: [
      {
        locationId: 1,
        from: new Date('2026-01-01T00:00:00.000Z'),
        to: new Date('2026-01-01T00:00:00.000Z'),
        zone: 'zone',
        limit: 1,
      },
    ],
  });
