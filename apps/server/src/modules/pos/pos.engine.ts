import { ItemState, WorkingMode } from '@rfid/contract';
import type { Tx } from '../../db/client.js';
import { type IngestedSet, registerReadingSetHandler } from '../ingest/dispatch.js';
import { moveItems } from '../verification/verification.repository.js';
import { insertPosTransaction } from './pos.repository.js';
import { type PosKind, posLines } from './pos.rules.js';

/**
 * Working modes 4 (Sale) and 5 (POS return), DESIGN.md section 6: every non-empty set read at
 * such a reader is one POS transaction of its location, with one row per EPC (quantity 1, or 0
 * with a warning, see pos.rules.ts). Sold items leave (state SOLD, no area, no location);
 * returned items are STOCKED in the reader's area. All inside the ingest transaction.
 */
export const POS_SALE_CLAIM = 'pos-sale';
export const POS_RETURN_CLAIM = 'pos-return';

const handle = async (tx: Tx, set: IngestedSet, kind: PosKind): Promise<boolean> => {
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
  await moveItems(tx, {
    itemIds: lines.filter((l) => l.move).map((l) => l.itemId),
    state: sale ? ItemState.Sold : ItemState.Stocked,
    areaId: sale ? null : set.areaId,
    locationId: sale ? null : set.locationId,
    at: set.endTime,
  });
  return true;
};

export const posSaleHandler = async (tx: Tx, set: IngestedSet): Promise<string | null> =>
  (await handle(tx, set, 'sale')) ? POS_SALE_CLAIM : null;

export const posReturnHandler = async (tx: Tx, set: IngestedSet): Promise<string | null> =>
  (await handle(tx, set, 'return')) ? POS_RETURN_CLAIM : null;

registerReadingSetHandler([WorkingMode.Sale], POS_SALE_CLAIM, posSaleHandler);
registerReadingSetHandler([WorkingMode.Pos], POS_RETURN_CLAIM, posReturnHandler);
