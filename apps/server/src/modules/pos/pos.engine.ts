import { ItemState } from '@rfid/contract';
import { type EngineScope, type IngestedSet, moveSetItems } from '../engine/dispatch.js';
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
  const sale = kind === 'sale';
  await moveSetItems(ledger, set, {
    items: lines.filter((l) => l.move).map((l) => l.itemId),
    state: sale ? ItemState.Sold : ItemState.Stocked,
    atReader: !sale,
    why: sale ? MoveReason.PosSale : MoveReason.PosReturn,
  });
  return true;
};

export const posSaleHandler = async (scope: EngineScope, set: IngestedSet): Promise<string | null> =>
  (await handle(scope, set, 'sale')) ? POS_SALE_CLAIM : null;

export const posReturnHandler = async (scope: EngineScope, set: IngestedSet): Promise<string | null> =>
  (await handle(scope, set, 'return')) ? POS_RETURN_CLAIM : null;
