import type { Db } from '../../db/client.js';
import { createNmsRepository } from '../../modules/nms/nms.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const nmsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('nms.nms', 'modules/nms/nms.repository.ts', createNmsRepository(db), {
    devices: [user],
    device: [user, 1],
    apps: [user],
    app: [user, 1],
    insertApp: [{ deviceId: 1, application: 'application', version: 'version', versionName: 'versionName', config: {} }],
    updateApp: [1, { config: {} }],
    setDesired: [1, true],
    deleteApp: [1],
    deviceByMac: ['mac'],
    touch: [1, new Date('2026-01-01T00:00:00.000Z')],
    reportedLive: [{ id: 1, companyId: 1, locationId: 1 }, 1],
    saveReported: [1, [{ application: 'application', running: true }]],
  });
