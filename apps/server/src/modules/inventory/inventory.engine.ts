import { randomUUID } from 'node:crypto';
import { InventoryState, ItemState } from '@rfid/contract';
import type { Tx } from '../../db/client.js';
import { conflict, foundOr } from '../../http/errors.js';
import type { EngineScope, IngestedSet } from '../engine/dispatch.js';
import { MoveReason } from '../engine/events.js';
import { emitInventoryValidated } from '../webhooks/emit-changes.js';
import {
  addReads,
  CABINET_CLAIM,
  closeInventory,
  excessItemsOf,
  getInventory,
  INVENTORY_CLAIM,
  insertInventory,
  insertValidationSet,
  itemsOfInventory,
  lockArea,
  lockInventory,
  missingItemsOf,
  openInventoryOfArea,
  setEpcCount,
} from './inventory.repository.js';
import { canChangeState } from './inventory.rules.js';

/**
 * What validating does to the items (docs/design.md §6), through the ledger, in the caller's
 * transaction, each change with its trace in `setId`: missing items still STOCKED in the area →
 * UNKNOWN, in no area (lost); excess items → STOCKED in the area (inventory.repository.ts says
 * which). A cabinet's excess is not traced here: the cabinet's own set read those items, and
 * ingestion traces every read after the handlers.
 */
const applyValidation = async (
  { ledger }: EngineScope,
  {
    inventoryId,
    areaId,
    locationId,
    setId,
    at,
    isCabinet,
  }: { inventoryId: number; areaId: number; locationId: number; setId: string; at: Date; isCabinet: boolean },
): Promise<{ lost: number; stocked: number }> => {
  // One lock order everywhere (docs/design.md §8): items by id, as ingestion locks a set's items, and
  // all of them at once before either move below changes them; in two separate steps a reader's
  // set arriving meanwhile deadlocked with the validation.
  await ledger.lock(itemsOfInventory(inventoryId));
  const common = { readingSetId: setId, at, isSeen: false };
  const lost = await ledger.move({
    ...common,
    items: missingItemsOf({ inventoryId, areaId }),
    to: { state: ItemState.Unknown, areaId: null, locationId: null },
    why: isCabinet ? MoveReason.CabinetLost : MoveReason.InventoryLost,
    isTraced: true,
  });
  const stocked = await ledger.move({
    ...common,
    items: excessItemsOf({ inventoryId, areaId }),
    to: { state: ItemState.Stocked, areaId, locationId },
    why: isCabinet ? MoveReason.CabinetFound : MoveReason.InventoryFound,
    isTraced: !isCabinet,
  });
  return { lost, stocked };
};

/**
 * Working modes 2 (Handheld) and 7 (Cabinet), docs/design.md §6 and docs/design/inventory.md,
 * inside the ingest transaction of the set:
 *
 * - Handheld: the set is part of the current inventory of the reader's area. Its articles are
 *   added to the area's open inventory (pending or computing); when there is none, one is opened
 *   first (total, its expected stock taken now, opened by the reader). Nothing moves until a user
 *   validates it.
 * - Cabinet: the set is a snapshot of the area. It opens a total inventory of the area (expected =
 *   the area's stock now), adds what was read and validates it at once: what was read is the area's
 *   stock (read items from elsewhere or unknown become STOCKED here), expected items not read leave
 *   it (UNKNOWN, in no area). The cabinet's inventories are separate from an open handheld one.
 *
 * An empty set is not claimed (a free reading set): a reader that read nothing more likely failed
 * than found the area empty, and a cabinet must not empty its area on a glitch.
 */
/** A total inventory of the reader's area opened by its set (expected = the area's stock now). */
const openReaderInventory = (tx: Tx, set: IngestedSet): Promise<number> =>
  insertInventory(tx, {
    companyId: set.companyId,
    locationId: set.locationId,
    areaId: set.areaId,
    deviceId: set.deviceId,
    createdBy: null,
    startTime: set.startTime,
    itemTypeIds: [],
  });

const addSetReads = (tx: Tx, set: IngestedSet, inventoryId: number) =>
  addReads(tx, {
    inventoryId,
    readingSetId: set.id,
    at: set.endTime,
    items: set.epcs.map((e) => ({ itemId: e.itemId, itemTypeId: e.itemTypeId })),
  });

/** The set's reads, noted by the ledger as seen at the reader (an EPCIS cycle count; the moves say the rest). */
const observeSet = ({ ledger }: EngineScope, set: IngestedSet): void =>
  ledger.observe(
    set.epcs.map((e) => ({
      itemId: e.itemId,
      epc: e.epc,
      areaId: set.areaId,
      locationId: set.locationId,
      readingSetId: set.id,
      at: set.endTime,
    })),
  );

export const handheldHandler = async (scope: EngineScope, set: IngestedSet): Promise<string | null> => {
  const { tx } = scope;
  if (!set.epcs.length) return null;
  observeSet(scope, set);
  // One open inventory per area: sets of two handhelds of an area arriving together open one.
  await lockArea(tx, set.areaId);
  const open = await openInventoryOfArea(tx, set.areaId);
  await addSetReads(tx, set, open?.id ?? (await openReaderInventory(tx, set)));
  return INVENTORY_CLAIM;
};

export const cabinetHandler = async (scope: EngineScope, set: IngestedSet): Promise<string | null> => {
  const { tx } = scope;
  if (!set.epcs.length) return null;
  observeSet(scope, set);
  await lockArea(tx, set.areaId);
  const inventoryId = await openReaderInventory(tx, set);
  await addSetReads(tx, set, inventoryId);
  // Ingestion traces every read of this set after the handlers, with the item's new place.
  const moved = await applyValidation(scope, {
    inventoryId,
    areaId: set.areaId,
    locationId: set.locationId,
    setId: set.id,
    at: set.endTime,
    isCabinet: true,
  });
  await closeInventory(tx, { id: inventoryId, state: InventoryState.Validated, userId: null, at: set.endTime });
  await emitInventoryValidated(tx, {
    id: inventoryId,
    companyId: set.companyId,
    locationId: set.locationId,
    areaId: set.areaId,
    at: set.endTime,
    byCabinet: true,
    expected: null,
    read: set.epcs.length,
    matched: null,
    lost: moved.lost,
    found: moved.stocked,
  });
  return CABINET_CLAIM;
};

/**
 * A user validates (2) or cancels (3) an inventory (spec section 4), inside `tx`, under the
 * inventory's row lock: 409 with the reason when the rules forbid it. Validating moves the items
 * (applyValidation) and records the change as a reading set of no reader claimed by the inventory,
 * whose traces the EPC tracker shows; canceling changes nothing but the state.
 */
export const changeInventoryState = async (
  scope: EngineScope,
  { id, companyId, state, userId, at }: { id: number; companyId: number; state: 2 | 3; userId: number; at: Date },
): Promise<void> => {
  const { tx } = scope;
  await lockInventory(tx, id);
  const row = await foundOr(getInventory(tx, { id, companyId }), 'inventory.not_found');
  const verdict = canChangeState(row.state, state, {
    expected: row.expectedCount,
    read: row.readCount,
    matched: row.matchedCount,
  });
  if (!verdict.ok) throw conflict(verdict.message);
  if (state === InventoryState.Validated) {
    const setId = randomUUID();
    await insertValidationSet(tx, { id: setId, companyId, locationId: row.locationId, areaId: row.areaId, at });
    const moved = await applyValidation(scope, {
      inventoryId: id,
      areaId: row.areaId,
      locationId: row.locationId,
      setId,
      at,
      isCabinet: false,
    });
    await setEpcCount(tx, setId, moved.lost + moved.stocked);
    await closeInventory(tx, { id, state, userId, at });
    // Issue 27: an `inventory.validated` webhook with its approved differences, in the transaction of the validation.
    await emitInventoryValidated(tx, {
      id,
      companyId,
      locationId: row.locationId,
      areaId: row.areaId,
      at,
      byCabinet: false,
      expected: row.expectedCount,
      read: row.readCount,
      matched: row.matchedCount,
      lost: moved.lost,
      found: moved.stocked,
    });
    return;
  }
  await closeInventory(tx, { id, state, userId, at });
};
