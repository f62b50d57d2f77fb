import type { Db } from '../../db/client.js';
import { createEngine } from '../../modules/engine/engine.js';
import { readingSetPipeline } from '../../modules/engine/pipeline.js';
import { createHandheldSetRepository } from '../../modules/inventory/handheld-set.repository.js';
import * as inventoryRepository from '../../modules/inventory/inventory.repository.js';
import * as inventoryExportsRepository from '../../modules/inventory/inventory-exports.repository.js';
import * as inventoryReportsRepository from '../../modules/inventory/inventory-reports.repository.js';
import { type SnapshotRepository, snapshotRepository } from '../capture.js';

// The handheld app's repository: its own two statements (location() is the locations module's, ingest the engine's).
export const handheldSetCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'inventory.handheld-set',
    'modules/inventory/handheld-set.repository.ts',
    (({ hasArea, handheldOfArea }) => ({ hasArea, handheldOfArea }))(
      createHandheldSetRepository(db, createEngine({ db, pipeline: readingSetPipeline({ isHandlersOnly: true }) })),
    ),
    { hasArea: [1, 1], handheldOfArea: [1, 1] },
  );

export const inventoryExportsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'inventory.inventory-exports',
    'modules/inventory/inventory-exports.repository.ts',
    {
      csvChunk: inventoryExportsRepository.csvChunk,
      insertExportJob: inventoryExportsRepository.insertExportJob,
      updateExportJob: inventoryExportsRepository.updateExportJob,
      raiseExportProgress: inventoryExportsRepository.raiseExportProgress,
      getExportJob: inventoryExportsRepository.getExportJob,
      pruneExportJobs: inventoryExportsRepository.pruneExportJobs,
      latestFinishedCsv: inventoryExportsRepository.latestFinishedCsv,
    },
    {
      csvChunk: [db, { inventoryId: 1, afterItemId: 1, limit: 1 }],
      insertExportJob: [db, { id: 'id', companyId: 1, userId: 1, refId: 1, fileName: 'fileName' }],
      updateExportJob: [db, 'id', {}],
      raiseExportProgress: [db, 'id', 1],
      getExportJob: [db, { id: 'id', companyId: 1 }],
      pruneExportJobs: [db, { companyId: 1, inventoryId: 1, keepId: 'keepId', before: new Date('2026-01-01T00:00:00.000Z') }],
      latestFinishedCsv: [db, { inventoryId: 1, companyId: 1 }],
    },
  );

export const inventoryReportsCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'inventory.inventory-reports',
    'modules/inventory/inventory-reports.repository.ts',
    { inventorySummary: inventoryReportsRepository.inventorySummary, inventoryTags: inventoryReportsRepository.inventoryTags },
    {
      inventorySummary: [db, { inventoryId: 1, kind: 'all', query: {}, page: { limit: 1, offset: 1 } }],
      inventoryTags: [db, { inventoryId: 1, kind: 'read', query: {}, page: { limit: 1, offset: 1 } }],
    },
  );

export const inventoryCalls = (db: Db): SnapshotRepository =>
  snapshotRepository(
    'inventory.inventory',
    'modules/inventory/inventory.repository.ts',
    {
      listInventories: inventoryRepository.listInventories,
      getInventory: inventoryRepository.getInventory,
      partialTypesOf: inventoryRepository.partialTypesOf,
      lockArea: inventoryRepository.lockArea,
      lockInventory: inventoryRepository.lockInventory,
      openInventoryOfArea: inventoryRepository.openInventoryOfArea,
      insertInventory: inventoryRepository.insertInventory,
      addReads: inventoryRepository.addReads,
      insertValidationSet: inventoryRepository.insertValidationSet,
      setEpcCount: inventoryRepository.setEpcCount,
      closeInventory: inventoryRepository.closeInventory,
      setFileCreated: inventoryRepository.setFileCreated,
      inventoryUsers: inventoryRepository.inventoryUsers,
      areaOfLocation: inventoryRepository.areaOfLocation,
      companyItemTypes: inventoryRepository.companyItemTypes,
    },
    {
      listInventories: [db, { locationId: 1, query: {}, page: { limit: 1, offset: 1 }, timeZone: 'Europe/Madrid' }],
      getInventory: [db, { id: 1, companyId: 1 }],
      partialTypesOf: [db, [1]],
      lockArea: [db, 1],
      lockInventory: [db, 1],
      openInventoryOfArea: [db, 1],
      insertInventory: [
        db,
        {
          companyId: 1,
          locationId: 1,
          areaId: 1,
          deviceId: 1,
          createdBy: 1,
          startTime: new Date('2026-01-01T00:00:00.000Z'),
          itemTypeIds: [1],
        },
      ],
      addReads: [
        db,
        {
          inventoryId: 1,
          readingSetId: 'readingSetId',
          at: new Date('2026-01-01T00:00:00.000Z'),
          items: [{ itemId: 1, itemTypeId: 1 }],
        },
      ],
      insertValidationSet: [db, { id: 'id', companyId: 1, locationId: 1, areaId: 1, at: new Date('2026-01-01T00:00:00.000Z') }],
      setEpcCount: [db, 'setId', 1],
      closeInventory: [db, { id: 1, state: 2, userId: 1, at: new Date('2026-01-01T00:00:00.000Z') }],
      setFileCreated: [db, 1],
      inventoryUsers: [
        db,
        {
          id: 1,
          companyId: 1,
          locationId: 1,
          locationDescription: 'locationDescription',
          areaId: 1,
          areaDescription: 'areaDescription',
          deviceId: 1,
          deviceSerial: 'deviceSerial',
          deviceMode: 1,
          state: 1,
          isPartial: true,
          startTime: new Date('2026-01-01T00:00:00.000Z'),
          endTime: new Date('2026-01-01T00:00:00.000Z'),
          closedAt: new Date('2026-01-01T00:00:00.000Z'),
          expectedCount: 1,
          readCount: 1,
          matchedCount: 1,
          isFileCreated: true,
          createdBy: 1,
          closedBy: 1,
        },
      ],
      areaOfLocation: [db, { areaId: 1, locationId: 1 }],
      companyItemTypes: [db, { ids: [1], companyId: 1 }],
    },
  );
