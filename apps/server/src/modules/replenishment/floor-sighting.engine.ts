import { ItemState } from '@rfid/contract';
import { type EngineScope, type IngestedSet, moveSetItems, type ReadingSetHandler } from '../engine/dispatch.js';
import { MoveReason } from '../engine/events.js';
import { relocatableItems } from './replenishment.repository.js';

/** The claim name of the floor sighting in the handler table (it never claims a set: see below). */
export const FLOOR_SIGHTING_CLAIM = 'floor-sighting';

/**
 * A set of a handheld, or of a fixed floor reader (a reader in working mode 2, Handheld, in a sales-floor area), issue
 * 26 item 4, docs/store-floor/replenishment.md: when the reader's area is on the floor (sales floor or fitting room),
 * STOCKED items of the reader's location that the ledger has in another area move to the reader's area,
 * `MoveReason.Relocated` (stockroom → sales floor: replenished; the pick list's line goes as on_floor rises). Items of
 * another location, or not STOCKED (sold, in transit, unknown), stay as they are; a reader in the stockroom moves
 * nothing.
 *
 * It runs BEFORE the inventory handler and never claims the set, so inventories work as before: the inventory handler
 * still adds every read to its area's open inventory (or opens one), and an inventory's validation already leaves an
 * item that moved since its count began where it is (docs/design/inventory.md). A resend of the set is stored once by
 * ingestion and never reaches the handlers again, and an item already in the reader's area is not picked: nothing moves
 * or counts twice.
 */
export const floorSightingHandler: ReadingSetHandler = async ({ tx, ledger }: EngineScope, set: IngestedSet) => {
  if (set.epcs.length === 0) return null;
  // The EPCs as they were before this set: only those STOCKED at this store in another area can have moved.
  const candidates = set.epcs
    .filter((e) => e.stateBefore === ItemState.Stocked && e.locationIdBefore === set.locationId && e.areaIdBefore !== set.areaId)
    .map((e) => e.itemId);
  const items = await relocatableItems(tx, { itemIds: candidates, locationId: set.locationId, areaId: set.areaId });
  if (items.length > 0) {
    await moveSetItems(ledger, set, { items, state: ItemState.Stocked, atReader: true, why: MoveReason.Relocated });
  }
  return null;
};
