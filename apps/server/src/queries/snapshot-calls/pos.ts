import type { Db } from '../../db/client.js';
import * as posRepository from '../../modules/pos/pos.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

export const posCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'pos.pos',
    'modules/pos/pos.repository.ts',
    {
      insertPosTransaction: posRepository.insertPosTransaction,
      listPosTransactions: posRepository.listPosTransactions,
      getPosTransaction: posRepository.getPosTransaction,
      posItems: posRepository.posItems,
    },
    {
      insertPosTransaction: [
        db,
        {
          companyId: 1,
          kind: 'sale',
          locationId: 1,
          deviceId: 1,
          readingSetId: 'readingSetId',
          startTime: new Date('2026-01-01T00:00:00.000Z'),
          endTime: new Date('2026-01-01T00:00:00.000Z'),
        },
        [{ itemId: 1, epc: 'epc', itemTypeId: 1, gtin: 'gtin', stateBefore: 1, quantity: 0, warning: 'warning', move: true }],
      ],
      listPosTransactions: [
        db,
        { kind: 'sale', locationId: 1, query: {}, page: { limit: 1, offset: 1 }, timeZone: 'Europe/Madrid' },
      ],
      getPosTransaction: [db, { id: 1, kind: 'sale', companyId: 1 }],
      posItems: [db, 1, { limit: 1, offset: 1 }],
    },
  );
