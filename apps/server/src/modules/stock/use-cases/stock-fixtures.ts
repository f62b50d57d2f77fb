import { notFound } from '../../../http/errors.js';
import { recordingRepo, unexpectedCall } from '../../../test/recording-repo.js';
import type { ScopedArea } from '../../admin/admin-scope.js';
import type { MinimumStockRecord } from '../stock.repository.js';
import type { StockRepository } from '../stock-store.repository.js';

/** Area 3 (Muelle) of location 2 (CD Madrid), company 1. */
export const area3: ScopedArea = { id: 3, description: 'Muelle', locationId: 2, companyId: 1, locationDescription: 'CD Madrid' };

export const minimumRecord = (over: Partial<MinimumStockRecord> = {}): MinimumStockRecord => ({
  id: 40,
  areaId: 3,
  areaDescription: 'Muelle',
  locationId: 2,
  locationDescription: 'CD Madrid',
  itemTypeId: 17,
  gtin: '08437000000013',
  description: 'Camisa',
  size: 'M',
  colour: 'Azul',
  minimumStock: 5,
  currentStock: 2,
  updatedAt: new Date('2026-11-01T10:00:00Z'),
  uploadedAt: null,
  ...over,
});

/**
 * An in-memory stock repository: area 3 of location 2 and location 2 are the user's (others 404), item type 17 is
 * GTIN 08437000000013; every call is recorded in `calls`. `over` replaces any method.
 */
export const fakeStockRepo = (over: Partial<StockRepository> = {}) => {
  const base: StockRepository = {
    area: async (_user, areaId) => {
      if (areaId !== area3.id) throw notFound('admin.area_not_found');
      return area3;
    },
    location: async (_user, locationId) => {
      if (locationId !== 2) throw notFound('location.not_found');
    },
    itemTypeOf: async (companyId, id) => (companyId === 1 && id === 17 ? { id, gtin: '08437000000013' } : undefined),
    stockPerGtin: async () => ({ count: 0, rows: [] }),
    itemStock: async () => ({ count: 0, rows: [] }),
    boxStock: async () => ({ count: 0, rows: [] }),
    lastSighting: async () => null,
    setContents: async () => [],
    boxesSeen: async () => ({ count: 0, rows: [] }),
    boxesSeenChunks: unexpectedCall('stock', 'boxesSeenChunks'),
    itemTypeIdsByGtin: async (_companyId, gtins) =>
      new Map(gtins.filter((g) => g === '08437000000013').map((g) => [g, 17] as const)),
    saveCountedStock: async () => {},
    minimumStocksOfType: async () => [],
    minimumStockById: async (_user, id) => (id === 40 ? minimumRecord() : null),
    upsertMinimumStock: async () => ({ id: 40, created: true }),
    updateMinimumStock: async () => true,
    alarmsChanged: async () => {},
    alarms: async () => ({ count: 0, rows: [] }),
    alarmCount: async () => 0,
    ...over,
  };
  const { repo, calls, called } = recordingRepo<StockRepository>(base);
  return { repo, calls, called };
};
