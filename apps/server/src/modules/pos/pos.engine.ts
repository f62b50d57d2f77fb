import { ItemState } from '@rfid/contract';
import { claimingHandler, type EngineScope, type IngestedSet, moveSetItems, type SetItemsMove } from '../engine/dispatch.js';
import { MoveReason } from '../engine/events.js';
import { insertPosTransaction } from './pos.repository.js';
import { type PosKind, posLines } from './pos.rules.js';

/**
 * Working modes 4 (Sale) and 5 (POS return), docs/design.md §6: every non-empty set read at
 * such a reader is one POS transaction of its location, with one row per EPC (quantity 1, or 0
 * with a warning, see pos.rules.ts). Sold items leave (state SOLD, no area, no location);
 * returned items are STOCKED in the reader's area. All inside the ingest transaction.
 */
export const POS_SALE_CLAIM = 'pos-sale';
export const POS_RETURN_CLAIM = 'pos-return';

/** Where a POS transaction's items go: sold (they leave: no area, no location), or STOCKED again at the reader. */
const POS_MOVES: Readonly<Record<PosKind, SetItemsMove>> = {
  sale: { state: ItemState.Sold, atReader: false, why: MoveReason.PosSale },
  return: { state: ItemState.Stocked, atReader: true, why: MoveReason.PosReturn },
};

const handle = async ({ tx, ledger }: EngineScope, set: IngestedSet, kind: PosKind): Promise<boolean> => {
  if (!set.epcs.length) return false;
  const lines = posLines(kind, set.epcs);
  await insertPosTransaction(
    tx,
    {
      companyId: set.companyId,
      kind,
      locationId: set.locationId,
      deviceId: set.deviceId,
      readingSetId: set.id,
      startTime: set.startTime,
      endTime: set.endTime,
    },
    lines,
  );
  await moveSetItems(ledger, set, { items: lines.filter((l) => l.move).map((l) => l.itemId), ...POS_MOVES[kind] });
  return true;
};

export const posSaleHandler = claimingHandler(POS_SALE_CLAIM, (scope, set) => handle(scope, set, 'sale'));

export const posReturnHandler = claimingHandler(POS_RETURN_CLAIM, (scope, set) => handle(scope, set, 'return'));
