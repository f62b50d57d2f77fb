import type { AuthUser } from '../../../plugins/auth.js';
import type {
  DifferenceFilters,
  DifferenceRow,
  ErpRepository,
  FeedPosition,
  InventoryHead,
  InventoryLine,
  NewSnapshot,
  SnapshotRow,
  StoredRejected,
} from '../erp.repository.js';
import type { ErpStockLine } from '../erp.rules.js';

/** Company 1's stores of the fakes: T-MAD-01 (2) and T-BCN-01 (3). */
export const STORES = [
  { id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' },
  { id: 3, code: 'T-BCN-01', description: 'Tienda Barcelona' },
];

/** An inventory head of T-MAD-01, validated unless told. */
export const inventoryHead = (over: Partial<InventoryHead> = {}): InventoryHead => ({
  id: 40,
  location_id: 2,
  code: 'T-MAD-01',
  location_description: 'Tienda Madrid',
  area_id: 9,
  area_description: 'Almacén',
  state: 2,
  is_partial: false,
  start_time: new Date('2026-05-01T08:00:00Z'),
  closed_at: new Date('2026-05-01T09:00:00Z'),
  closed_us: Date.parse('2026-05-01T09:00:00Z') * 1000,
  ...over,
});

/** An in-memory ERP repository: the stores a user sees, what was saved, and the inventories of `heads`. */
export const fakeErpRepo = ({
  heads = [] as InventoryHead[],
  lines = [] as InventoryLine[],
  differences = [] as DifferenceRow[],
} = {}) => {
  const saved: { snapshot: NewSnapshot; lines: ErpStockLine[]; at: Date }[] = [];
  const snapshots: (SnapshotRow & { rejected: StoredRejected[]; companyId: number })[] = [];
  const differenceCalls: { filters: DifferenceFilters; paged: boolean }[] = [];
  const feedCalls: { after: FeedPosition; locationId?: number; limit: number }[] = [];
  const sees = (user: AuthUser, id: number) =>
    user.companyId === 1 && STORES.some((s) => s.id === id) && (user.locationIds === null || user.locationIds.includes(id));
  const repo: ErpRepository = {
    storesOf: async (user) => new Map(STORES.filter((s) => sees(user, s.id)).map((s) => [s.code, s.id])),
    saveSnapshot: async (snapshot, stockLines, at) => {
      saved.push({ snapshot, lines: stockLines, at });
      const id = saved.length;
      snapshots.push({
        id,
        companyId: snapshot.companyId,
        createdAt: at,
        source: snapshot.source,
        fileName: snapshot.fileName,
        rowCount: snapshot.rowCount,
        rejectedCount: snapshot.rejectedCount,
        locationIds: snapshot.locationIds,
        rejected: snapshot.rejected,
        creatorId: snapshot.createdBy,
        creatorFirstName: 'Ana',
        creatorLastName: 'Admin',
        creatorEmail: 'admin@demo.local',
      });
      return id;
    },
    listSnapshots: async (user, page) => {
      const mine = snapshots.filter((s) => s.companyId === user.companyId).reverse();
      return { count: mine.length, rows: mine.slice(page.offset, page.offset + page.limit) };
    },
    getSnapshot: async (user, id) => snapshots.find((s) => s.id === id && s.companyId === user.companyId),
    locationsOf: async (companyId, ids) => (companyId === 1 ? STORES.filter((s) => ids.includes(s.id)) : []),
    seesLocation: async (user, id) => sees(user, id),
    differences: async (_user, filters, page) => {
      differenceCalls.push({ filters, paged: page !== null });
      return { count: differences.length, rows: differences };
    },
    inventoryHead: async (user, id) => heads.find((h) => h.id === id && sees(user, h.location_id)),
    validatedAfter: async (user, after, { locationId, limit }) => {
      feedCalls.push({ after, ...(locationId === undefined ? {} : { locationId }), limit });
      return heads
        .filter((h) => h.state === 2 && h.closed_us !== null && sees(user, h.location_id))
        .filter((h) => (h.closed_us ?? 0) > after.us || ((h.closed_us ?? 0) === after.us && h.id > after.id))
        .filter((h) => locationId === undefined || h.location_id === locationId)
        .sort((a, b) => (a.closed_us ?? 0) - (b.closed_us ?? 0) || a.id - b.id)
        .slice(0, limit);
    },
    inventoryLines: async (ids) => lines.filter((l) => ids.includes(l.inventory_id)),
  };
  return { repo, saved, differenceCalls, feedCalls };
};
