import type { Db } from '../../db/client.js';
import * as stockRepository from '../../modules/stock/stock.repository.js';
import * as stockBoxesRepository from '../../modules/stock/stock-boxes.repository.js';
import * as stockMinimumsRepository from '../../modules/stock/stock-minimums.repository.js';
import * as stockSnapshotRepository from '../../modules/stock/stock-snapshot.repository.js';
import * as stockSqlRepository from '../../modules/stock/stock-sql.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';
import { user } from './fixtures.js';

export const stockBoxesCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'stock.stock-boxes',
    'modules/stock/stock-boxes.repository.ts',
    {
      boxesSeenChunks: stockBoxesRepository.boxesSeenChunks,
      boxStock: stockBoxesRepository.boxStock,
      lastSighting: stockBoxesRepository.lastSighting,
      setContents: stockBoxesRepository.setContents,
      boxesSeen: stockBoxesRepository.boxesSeen,
    },
    {
      boxesSeenChunks: [db, { companyId: 1, areaId: 1 }],
      boxStock: [db, { companyId: 1, areas: { kind: 'area', areaId: 1 }, page: { limit: 1, offset: 1 } }],
      lastSighting: [db, { companyId: 1, codebar: 'codebar' }],
      setContents: [db, 'setId'],
      boxesSeen: [db, { companyId: 1, areaId: 1, page: { limit: 1, offset: 1 } }],
    },
  );

export const stockMinimumsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'stock.stock-minimums',
    'modules/stock/stock-minimums.repository.ts',
    {
      minimumStocksOfType: stockMinimumsRepository.minimumStocksOfType,
      minimumStockById: stockMinimumsRepository.minimumStockById,
      upsertMinimumStock: stockMinimumsRepository.upsertMinimumStock,
      updateMinimumStock: stockMinimumsRepository.updateMinimumStock,
      alarms: stockMinimumsRepository.alarms,
      alarmCount: stockMinimumsRepository.alarmCount,
    },
    {
      minimumStocksOfType: [
        db,
        {
          user,
          itemTypeId: 1,
        },
      ],
      minimumStockById: [db, user, 1],
      upsertMinimumStock: [db, { companyId: 1, areaId: 1, itemTypeId: 1, minimumStock: 1 }],
      updateMinimumStock: [db, { id: 1, areaId: 1, minimumStock: 1 }],
      alarms: [
        db,
        {
          user,
          filters: {},
          page: { limit: 1, offset: 1 },
        },
      ],
      alarmCount: [
        db,
        {
          user,
          filters: {},
        },
      ],
    },
  );

export const stockSnapshotCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'stock.stock-snapshot',
    'modules/stock/stock-snapshot.repository.ts',
    {
      zoneGroups: stockSnapshotRepository.zoneGroups,
      liveSnapshotRows: stockSnapshotRepository.liveSnapshotRows,
      writeSnapshotRows: stockSnapshotRepository.writeSnapshotRows,
      daysMissingSnapshots: stockSnapshotRepository.daysMissingSnapshots,
      rebuiltSnapshotRows: stockSnapshotRepository.rebuiltSnapshotRows,
    },
    {
      zoneGroups: [db],
      liveSnapshotRows: [db, [1]],
      writeSnapshotRows: [
        db,
        { day: '2026-01-01', rows: [{ locationId: 1, areaId: 1, quantity: 1, theoreticalQuantity: 1 }], overwrite: true },
      ],
      daysMissingSnapshots: [db, { timeZone: 'Europe/Madrid', locationIds: [1], from: '2026-01-01', to: '2026-01-01' }],
      rebuiltSnapshotRows: [db, { timeZone: 'Europe/Madrid', locationIds: [1], from: '2026-01-01', to: '2026-01-01' }],
    },
  );

export const stockSqlCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'stock.stock-sql',
    'modules/stock/stock-sql.repository.ts',
    { areaIdList: stockSqlRepository.areaIdList },
    {
      areaIdList: [db, { kind: 'area', areaId: 1 }],
    },
  );

export const stockCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'stock.stock',
    'modules/stock/stock.repository.ts',
    {
      stockPerGtin: stockRepository.stockPerGtin,
      itemStock: stockRepository.itemStock,
      itemTypeOf: stockRepository.itemTypeOf,
      itemTypeIdsByGtin: stockRepository.itemTypeIdsByGtin,
      upsertCountedStock: stockRepository.upsertCountedStock,
    },
    {
      stockPerGtin: [
        db,
        {
          companyId: 1,
          areas: { kind: 'area', areaId: 1 },
          minimumOfArea: 1,
          omitZero: true,
          filters: {},
          orderBy: 'orderBy',
          page: { limit: 1, offset: 1 },
        },
      ],
      itemStock: [db, { areas: { kind: 'area', areaId: 1 }, page: { limit: 1, offset: 1 } }],
      itemTypeOf: [db, 1, 1],
      itemTypeIdsByGtin: [db, 1, ['gtin']],
      upsertCountedStock: [
        db,
        { areaId: 1, userId: 1, lines: [{ itemTypeId: 1, quantity: 1 }], at: new Date('2026-01-01T00:00:00.000Z') },
      ],
    },
  );
