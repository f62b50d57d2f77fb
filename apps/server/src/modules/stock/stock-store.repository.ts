import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireArea, type ScopedArea } from '../admin/admin-scope.js';
import { recordLive } from '../live/live.service.js';
import { requireLocation } from '../locations/location-scope.js';
import * as rows from './stock.repository.js';
import { alarmsChanged } from './stock-dto.js';

/** The input of a repository read `fn(db, input)`, without its database handle. */
type InputOf<F> = F extends (db: never, input: infer I) => unknown ? I : never;

/**
 * What the stock use cases read and write (use-cases/*.ts): the user's areas and locations (404 when foreign), the
 * stock reads of stock.repository.ts, and the writes that tell the live stream an area's alarms changed.
 */
export type StockRepository = {
  /** The area when the user sees it (else a 404 admin.area_not_found). */
  area: (user: AuthUser, areaId: number) => Promise<ScopedArea>;
  /** Checks the user sees the location (else a 404 location.not_found). */
  location: (user: AuthUser, locationId: number) => Promise<void>;
  /** A GTIN (item type) of the company, or undefined. */
  itemTypeOf: (companyId: number, id: number) => Promise<{ id: number; gtin: string } | undefined>;
  stockPerGtin: (input: InputOf<typeof rows.stockPerGtin>) => ReturnType<typeof rows.stockPerGtin>;
  itemStock: (input: InputOf<typeof rows.itemStock>) => ReturnType<typeof rows.itemStock>;
  boxStock: (input: InputOf<typeof rows.boxStock>) => ReturnType<typeof rows.boxStock>;
  lastSighting: (input: InputOf<typeof rows.lastSighting>) => ReturnType<typeof rows.lastSighting>;
  setContents: (setId: string) => ReturnType<typeof rows.setContents>;
  boxesSeen: (input: InputOf<typeof rows.boxesSeen>) => ReturnType<typeof rows.boxesSeen>;
  boxesSeenChunks: (input: InputOf<typeof rows.boxesSeenChunks>) => ReturnType<typeof rows.boxesSeenChunks>;
  itemTypeIdsByGtin: (companyId: number, gtins: string[]) => Promise<Map<string, number>>;
  /** Replaces the area's counted stock of each GTIN and tells the live stream its alarms changed, in one transaction. */
  saveCountedStock: (
    area: ScopedArea,
    input: { userId: number | null; lines: { itemTypeId: number; quantity: number }[]; at: Date },
  ) => Promise<void>;
  minimumStocksOfType: (input: InputOf<typeof rows.minimumStocksOfType>) => ReturnType<typeof rows.minimumStocksOfType>;
  minimumStockById: (user: AuthUser, id: number) => Promise<rows.MinimumStockRecord | null>;
  upsertMinimumStock: (input: InputOf<typeof rows.upsertMinimumStock>) => ReturnType<typeof rows.upsertMinimumStock>;
  /** False when the area already has a minimum stock for the GTIN. */
  updateMinimumStock: (input: InputOf<typeof rows.updateMinimumStock>) => ReturnType<typeof rows.updateMinimumStock>;
  /** Tells the live stream the area's alarms changed (the bell and the stock pages refresh). */
  alarmsChanged: (area: ScopedArea) => Promise<void>;
  alarms: (input: InputOf<typeof rows.alarms>) => ReturnType<typeof rows.alarms>;
  alarmCount: (input: InputOf<typeof rows.alarmCount>) => Promise<number>;
};

export const createStockRepository = (db: Db): StockRepository => ({
  area: (user, areaId) => requireArea(db, user, areaId),
  location: async (user, locationId) => {
    await requireLocation(db, user, locationId);
  },
  itemTypeOf: (companyId, id) => rows.itemTypeOf(db, companyId, id),
  stockPerGtin: (input) => rows.stockPerGtin(db, input),
  itemStock: (input) => rows.itemStock(db, input),
  boxStock: (input) => rows.boxStock(db, input),
  lastSighting: (input) => rows.lastSighting(db, input),
  setContents: (setId) => rows.setContents(db, setId),
  boxesSeen: (input) => rows.boxesSeen(db, input),
  boxesSeenChunks: (input) => rows.boxesSeenChunks(db, input),
  itemTypeIdsByGtin: (companyId, gtins) => rows.itemTypeIdsByGtin(db, companyId, gtins),
  saveCountedStock: (area, { userId, lines, at }) =>
    db.transaction(async (tx) => {
      await rows.upsertCountedStock(tx, { areaId: area.id, userId, lines, at });
      await recordLive(tx, [alarmsChanged(area)]);
    }),
  minimumStocksOfType: (input) => rows.minimumStocksOfType(db, input),
  minimumStockById: (user, id) => rows.minimumStockById(db, user, id),
  upsertMinimumStock: (input) => rows.upsertMinimumStock(db, input),
  updateMinimumStock: (input) => rows.updateMinimumStock(db, input),
  alarmsChanged: async (area) => {
    await recordLive(db, [alarmsChanged(area)]);
  },
  alarms: (input) => rows.alarms(db, input),
  alarmCount: (input) => rows.alarmCount(db, input),
});
