import type { Db } from '../../db/client.js';
import { createLedgerRepository } from '../../modules/engine/ledger.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const ledgerCalls = (db: Db): SnapshotRepository =>
  snapshotRepository('engine.ledger', 'modules/engine/ledger.repository.ts', createLedgerRepository(db), {
    lock: [[1]],
    setStatus: [
      { pick: [1], status: 1, reference: 'reference', reason: 'reason', userId: 1, at: new Date('2026-01-01T00:00:00.000Z') },
    ],
    move: [
      {
        pick: [1],
        to: { state: 0, areaId: 1, locationId: 1 },
        seenAt: new Date('2026-01-01T00:00:00.000Z'),
        trace: { readingSetId: 'readingSetId', at: new Date('2026-01-01T00:00:00.000Z') },
      },
    ],
    see: [
      {
        companyId: 1,
        areaId: 1,
        locationId: 1,
        seenAt: new Date('2026-01-01T00:00:00.000Z'),
        epcs: [{ epc: 'epc', scheme: 'scheme', gtin: 'gtin', serial: 'serial' }],
      },
    ],
    traceUnmoved: [
      {
        companyId: 1,
        readingSetId: 'readingSetId',
        reads: [{ epc: 'epc', time: new Date('2026-01-01T00:00:00.000Z'), antenna: 1, rssi: 1 }],
        itemByEpc: new Map(),
      },
    ],
    traceReads: [
      {
        companyId: 1,
        readingSetId: 'readingSetId',
        reads: [{ epc: 'epc', time: new Date('2026-01-01T00:00:00.000Z'), antenna: 1, rssi: 1 }],
        area1ByEpc: new Map(),
      },
    ],
  });
