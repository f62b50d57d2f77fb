import { InventoryState } from '@rfid/contract';
import type { PlainKey } from '../../i18n/messages.js';

/**
 * The inventory's rules without a database (docs/design/inventory.md): its figures, which state
 * changes are allowed, and the statistics' formulas.
 */

export type InventoryCounts = { expected: number; read: number; matched: number };

/** Expected items not read: lost. */
export const missingOf = ({ expected, matched }: InventoryCounts): number => Math.max(0, expected - matched);

/** Read items that were not expected: excess. */
export const excessOf = ({ read, matched }: InventoryCounts): number => Math.max(0, read - matched);

/** How much of the expected stock was found: matched / expected × 100, capped at 100; 100 when nothing was expected. */
export const progressOf = ({ expected, matched }: InventoryCounts): number =>
  expected <= 0 ? 100 : Math.min(100, Math.floor((matched / expected) * 100));

/**
 * Accuracy of the records: matched / (expected + excess) × 100, i.e. of every item the records or
 * the shelf name (their union), the share where both agree. 100 when both are empty. Two decimals.
 */
export const accuracyOf = (counts: InventoryCounts): number => {
  const union = counts.expected + excessOf(counts);
  return union <= 0 ? 100 : Math.round((counts.matched / union) * 10_000) / 100;
};

export type StateChange = { ok: true } | { ok: false; message: PlainKey };

export const VALIDATE_ONLY_PENDING = 'inventory.validate_only_pending';
export const CANCEL_ONLY_OPEN = 'inventory.cancel_only_open';
export const NOTHING_READ = 'inventory.nothing_read';

/**
 * Spec section 4: validate (state 2) only a pending inventory (0), and only once something was read
 * (an inventory with no read would declare the whole area lost); cancel (state 3) a pending or
 * computing one (0 or 1).
 */
export const canChangeState = (current: number, next: 2 | 3, counts: InventoryCounts): StateChange => {
  if (next === InventoryState.Validated) {
    if (current !== InventoryState.Pending) return { ok: false, message: VALIDATE_ONLY_PENDING };
    if (counts.read === 0) return { ok: false, message: NOTHING_READ };
    return { ok: true };
  }
  if (current !== InventoryState.Pending && current !== InventoryState.Computing) return { ok: false, message: CANCEL_ONLY_OPEN };
  return { ok: true };
};

/** Two decimals, or null. */
export const round2 = (n: number | null): number | null => (n === null || !Number.isFinite(n) ? null : Math.round(n * 100) / 100);

/**
 * estimated_inventory_time: how many minutes counting the location's current stock would take at
 * the reading rate of its validated inventories (Σ items read ÷ Σ reading minutes); null when none
 * of them took any time or read anything.
 */
export const estimatedMinutes = ({
  stock,
  itemsRead,
  minutes,
}: {
  stock: number;
  itemsRead: number;
  minutes: number;
}): number | null => (minutes > 0 && itemsRead > 0 ? round2(stock / (itemsRead / minutes)) : null);
