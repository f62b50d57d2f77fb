import type { Db } from '../../db/client.js';
import { createExitAlarmsRepository } from '../../modules/exit-alarms/exit-alarms.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const exitAlarmsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('exit-alarms.exit-alarms', 'modules/exit-alarms/exit-alarms.repository.ts', createExitAlarmsRepository(db), {
    list: [1, { filters: {}, page: { limit: 1, offset: 1 }, timeZone: 'Europe/Madrid' }],
    get: [user, 1],
    lock: [user, 1],
    resolve: [1, { status: 'open', note: 'note', userId: 1, at: new Date('2026-01-01T00:00:00.000Z') }],
    openCount: [user, 1],
  });
