import { InventoryState } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import { recordingRepo, unexpectedCall } from '../../../test/recording-repo.js';
import type { ItemTypeRow } from '../../catalog/catalog.repository.js';
import { itemTypeRow as catalogItemTypeRow } from '../../catalog/use-cases/catalog-fixtures.js';
import type { InventoryRow } from '../inventory.repository.js';
import type { SummaryRow, TagRow } from '../inventory-reports.repository.js';
import type { InventoryRepository } from '../inventory-store.repository.js';

/** Inventory 5 of company 1: area 3 (Muelle) of location 2 (CD Madrid), pending, total, opened by user 1. */
export const inventoryRow = (over: Partial<InventoryRow> = {}): InventoryRow => ({
  id: 5,
  companyId: 1,
  locationId: 2,
  locationDescription: 'CD Madrid',
  areaId: 3,
  areaDescription: 'Muelle',
  deviceId: null,
  deviceSerial: null,
  deviceMode: null,
  state: InventoryState.Pending,
  isPartial: false,
  startTime: new Date('2026-11-30T09:00:00Z'),
  endTime: null,
  closedAt: null,
  expectedCount: 10,
  readCount: 8,
  matchedCount: 7,
  isFileCreated: false,
  createdBy: 1,
  closedBy: null,
  ...over,
});

/** GTIN 17 of company 1 (Camisa): the catalog's fixture, with no sizes and no price. */
export const itemTypeRow = (over: Partial<ItemTypeRow> = {}): ItemTypeRow =>
  catalogItemTypeRow({ sizes: [], price: null, ...over });

export const summaryRow = (over: Partial<SummaryRow> = {}): SummaryRow => ({
  item_type: 17,
  gtin: '08437000000013',
  expected: 4,
  read: 5,
  matched: 3,
  description: 'Camisa',
  model: 'M-1',
  colour: 'Azul',
  season: 'W26',
  section: 'Hombre',
  reference: 'REF-1',
  size_primary: 'M',
  sizes: [],
  total: 1,
  ...over,
});

export const tagRow = (over: Partial<TagRow> = {}): TagRow => ({
  id: 900,
  epc: '3034257BF400B7800004CB2F',
  gtin: '08437000000013',
  item_type: 17,
  lot: '314159',
  description: 'Camisa',
  is_expected: true,
  read_at: '2026-11-30T09:05:00.000Z',
  ...over,
});

/**
 * An in-memory inventory repository: location 2 (time zone Europe/Madrid) is the user's (others 404) with area 3;
 * inventory 5 (`inventoryRow()`) is company 1's; GTIN 17 is company 1's. Every call is recorded; `over` replaces any
 * method.
 */
export const fakeInventoryRepo = (over: Partial<InventoryRepository> = {}) => {
  const base: InventoryRepository = {
    location: async (_user, locationId) => {
      if (locationId !== 2) throw notFound('location.not_found');
      return { timeZone: 'Europe/Madrid' };
    },
    inventory: async ({ id, companyId }) => (id === 5 && companyId === 1 ? inventoryRow() : undefined),
    listInventories: async () => ({ count: 0, rows: [] }),
    partialTypesOf: async () => new Map(),
    hasArea: async ({ areaId, locationId }) => areaId === 3 && locationId === 2,
    companyItemTypes: async ({ ids, companyId }) => (companyId === 1 ? ids.filter((id) => id === 17) : []),
    openInventory: async () => ({ id: 5 }),
    changeState: async () => {},
    people: async () => [],
    summary: async () => ({ count: 0, rows: [] }),
    tags: async () => ({ count: 0, rows: [] }),
    itemType: async (companyId, id) => (companyId === 1 && id === 17 ? itemTypeRow() : undefined),
    figures: unexpectedCall('inventory', 'figures'),
    stockNow: async () => 0,
    startCsv: async () => 'task-1',
    exportJob: async () => undefined,
    latestFinishedCsv: async () => undefined,
    ...over,
  };
  const { repo, calls, called } = recordingRepo<InventoryRepository>(base);
  return { repo, calls, called };
};
