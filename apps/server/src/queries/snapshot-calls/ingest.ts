import type { Db } from '../../db/client.js';
import { createIngestRepository } from '../../modules/ingest/ingest.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const ingestCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('ingest.ingest', 'modules/ingest/ingest.repository.ts', createIngestRepository(db), {
    deviceByKeyHash: ['keyHash'],
    devicesByKeyHashes: [['keyHashe']],
    deviceByMac: ['mac'],
    touchDevice: [1, new Date('2026-01-01T00:00:00.000Z')],
    insertSet: [
      { id: 'id', companyId: 1, startTime: new Date('2026-01-01T00:00:00.000Z'), endTime: new Date('2026-01-01T00:00:00.000Z') },
    ],
    setById: ['id'],
    claimSet: ['id', 'claim'],
    stageStreamReads: [
      { companyId: 1, deviceId: 1, reads: [{ epc: 'epc', time: new Date('2026-01-01T00:00:00.000Z'), antenna: 1, rssi: 1 }] },
    ],
    stageStreams: [
      [{ companyId: 1, deviceId: 1, reads: [{ epc: 'epc', time: new Date('2026-01-01T00:00:00.000Z'), antenna: 1, rssi: 1 }] }],
    ],
    stagedReads: [1, 1],
    lockStreamOf: [1],
    takeStaged: [[1]],
    quietMs: [1],
    quietDevicesWithStagedReads: [1],
    deleteStaged: [[1]],
    devicesWithStagedReads: [],
    readerCounts: [1],
    deviceById: [1],
  });
