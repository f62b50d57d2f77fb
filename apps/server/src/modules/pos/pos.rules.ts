import { ItemState, PosWarning } from '@rfid/contract';

/**
 * The pure rules of a POS transaction (working modes 4 and 5), free of the database.
 *
 * - Sale: an item becomes SOLD (no area, no location) with quantity 1. A tag already SOLD is not
 *   sold again: quantity 0 with warning 'already_sold' (it is not counted twice). A tag that is
 *   not a GS1 EPC (no GTIN) is quantity 0 with 'unknown_epc' and is not moved.
 * - Return: an item comes back STOCKED in the reader's area with quantity 1. A tag that is
 *   STOCKED already (it was never sold) is quantity 0 with 'not_sold' and stays where it is, so
 *   stock is never counted twice; unknown EPCs as in a sale.
 */
export type PosKind = 'sale' | 'return';
export type PosLineInput = { itemId: number; epc: string; itemTypeId: number | null; gtin: string | null; stateBefore: number };
export type PosLine = PosLineInput & { quantity: 0 | 1; warning: string | null; move: boolean };

export const posLine = (kind: PosKind, item: PosLineInput): PosLine => {
  if (item.gtin === null) return { ...item, quantity: 0, warning: PosWarning.UnknownEpc, move: false };
  if (kind === 'sale' && item.stateBefore === ItemState.Sold)
    return { ...item, quantity: 0, warning: PosWarning.AlreadySold, move: false };
  if (kind === 'return' && item.stateBefore === ItemState.Stocked)
    return { ...item, quantity: 0, warning: PosWarning.NotSold, move: false };
  return { ...item, quantity: 1, warning: null, move: true };
};

export const posLines = (kind: PosKind, items: readonly PosLineInput[]): PosLine[] => items.map((i) => posLine(kind, i));
