import { ItemState, WorkingMode } from '@rfid/contract';
import { type EngineScope, type IngestedSet, moveSetItems } from '../engine/dispatch.js';
import { type ItemStateValue, MoveReason } from '../engine/events.js';
import {
  expectedContents,
  findBoxByCodebar,
  insertVerification,
  lockOrder,
  type OrderKind,
  recomputeBoxAndOrder,
  type Side,
} from './verification.repository.js';
import { compareWithExpected, verifiesBox } from './verification.rules.js';

/**
 * What a box reading means per working mode (docs/design.md §6). The engine is general: a
 * mode names the order side it verifies, the order types it accepts, and where the items go.
 * engine/pipeline.ts offers it the sets of modes 0 (Entry), 3 (Movement entry), 1 (Movement exit)
 * and 6 (Exit/Sale), before the returns of those modes.
 */
export type VerificationMode = {
  side: Side;
  orderTypes: readonly OrderKind[];
  /** State of the read items afterwards. */
  itemState: ItemStateValue;
  /** 'reader': items move to the reader's area and location; 'none': they leave (area and location null). */
  itemPlace: 'reader' | 'none';
};

export const VERIFICATION_MODES: Readonly<Record<number, VerificationMode>> = {
  [WorkingMode.Entry]: {
    side: 'destination',
    orderTypes: ['purchase', 'movement'],
    itemState: ItemState.Stocked,
    itemPlace: 'reader',
  },
  [WorkingMode.Movement]: {
    side: 'destination',
    orderTypes: ['movement', 'purchase'],
    itemState: ItemState.Stocked,
    itemPlace: 'reader',
  },
  [WorkingMode.MovementExit]: { side: 'origin', orderTypes: ['movement'], itemState: ItemState.InTransit, itemPlace: 'none' },
  [WorkingMode.ExitSale]: { side: 'origin', orderTypes: ['online'], itemState: ItemState.Sold, itemPlace: 'none' },
};

export const VERIFICATION_CLAIM = 'verification';

/**
 * A set whose `codebar` names a box of an open order of an accepted type, whose side location is
 * the set's location, becomes a verification of that box: per-GTIN real vs expected lines, the
 * items moved, and the box and order statuses recomputed. Anything else is left for the next
 * handler (or stays a free reading set).
 */
export const verifyBoxSet = async ({ tx, ledger }: EngineScope, set: IngestedSet): Promise<string | null> => {
  const mode = VERIFICATION_MODES[set.workingMode];
  if (!mode || !set.codebar) return null;
  const found = await findBoxByCodebar(tx, set.companyId, set.codebar);
  if (!verifiesBox(mode, found, set.locationId)) return null;
  await lockOrder(tx, found.orderId);
  // Read again under the lock: a box or order deleted, or an entry canceled, meanwhile leaves the set free.
  const box = await findBoxByCodebar(tx, set.companyId, set.codebar);
  if (!verifiesBox(mode, box, set.locationId) || box.boxId !== found.boxId) return null;
  const expected = await expectedContents(tx, box.boxId);
  const comparison = compareWithExpected(
    expected,
    set.epcs.map((e) => ({ gtin: e.gtin, itemTypeId: e.itemTypeId })),
  );
  await insertVerification(tx, {
    companyId: set.companyId,
    boxId: box.boxId,
    orderId: box.orderId,
    readingSetId: set.id,
    deviceId: set.deviceId,
    side: mode.side,
    code: set.codebar,
    startTime: set.startTime,
    endTime: set.endTime,
    realItemCount: comparison.realItemCount,
    matchedItemCount: comparison.matchedItemCount,
    hasErrors: comparison.hasErrors,
    lines: comparison.lines,
  });
  await moveSetItems(ledger, set, {
    items: set.epcs.map((e) => e.itemId),
    state: mode.itemState,
    atReader: mode.itemPlace === 'reader',
    why: MoveReason.Verification,
  });
  await recomputeBoxAndOrder(tx, { boxId: box.boxId, orderId: box.orderId, side: mode.side });
  return VERIFICATION_CLAIM;
};
