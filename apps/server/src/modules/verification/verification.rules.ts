import { BoxStatus, OrderStatus } from '@rfid/contract';

/**
 * The pure rules of a verification (docs/design.md §6), free of the database so they can be
 * unit- and property-tested.
 */

export type ExpectedLine = { gtin: string; itemTypeId: number | null; quantity: number };
export type ComparedLine = { gtin: string; itemTypeId: number | null; expected: number; real: number };
export type Comparison = {
  lines: ComparedLine[];
  /** Distinct EPCs of the set, GTIN or not. */
  realItemCount: number;
  /** Units read that the box expected: Σ min(expected, real) per GTIN. */
  matchedItemCount: number;
  /** EPCs that are not GS1 EPCs (no GTIN): counted in realItemCount, not in any line. */
  unknownItemCount: number;
  /** Any GTIN whose real count differs from the expected one (docs/design.md §6: every GTIN must match). */
  hasErrors: boolean;
};

/** Counts the decoded GTINs of a set: a multiset (GTIN → number of EPCs). EPCs without a GTIN are not counted. */
export const countByGtin = (gtins: readonly (string | null)[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const gtin of gtins) {
    if (gtin === null) continue;
    counts.set(gtin, (counts.get(gtin) ?? 0) + 1);
  }
  return counts;
};

/**
 * Compares what a box expects with what was read: one line per GTIN expected or read (ordered by
 * GTIN). The box is without errors only when every GTIN's real count equals its expected count.
 */
export const compareWithExpected = (
  expected: readonly ExpectedLine[],
  read: readonly { gtin: string | null; itemTypeId: number | null }[],
): Comparison => {
  const byGtin = new Map<string, ComparedLine>();
  for (const e of expected) {
    const line = byGtin.get(e.gtin) ?? { gtin: e.gtin, itemTypeId: e.itemTypeId, expected: 0, real: 0 };
    line.expected += e.quantity;
    byGtin.set(e.gtin, line);
  }
  let unknown = 0;
  for (const r of read) {
    if (r.gtin === null) {
      unknown += 1;
      continue;
    }
    const line = byGtin.get(r.gtin) ?? { gtin: r.gtin, itemTypeId: r.itemTypeId, expected: 0, real: 0 };
    line.real += 1;
    if (line.itemTypeId === null) line.itemTypeId = r.itemTypeId;
    byGtin.set(r.gtin, line);
  }
  const lines = [...byGtin.values()].sort((a, b) => (a.gtin < b.gtin ? -1 : a.gtin > b.gtin ? 1 : 0));
  const matchedItemCount = lines.reduce((sum, l) => sum + Math.min(l.expected, l.real), 0);
  const hasErrors = lines.some((l) => l.expected !== l.real);
  return { lines, realItemCount: read.length, unknownItemCount: unknown, matchedItemCount, hasErrors };
};

/** Box status on one side from its counting verification (the latest valid one), or 0 without one. */
export const boxStatusFor = (counting: { hasErrors: boolean } | null): number => {
  if (!counting) return BoxStatus.Unchecked;
  return counting.hasErrors ? BoxStatus.CheckedWithErrors : BoxStatus.CheckedWithoutErrors;
};

/** The order side's status and a line's percent are the orders module's rules, written once there. */
export { isBoxVerified, linePercent, orderSideStatus } from '../orders/order-rules.js';

/** A box as its barcode finds it (verification.repository.ts `findBoxByCodebar`): its order's kind, places and states. */
export type FoundBox = {
  boxId: number;
  orderId: number;
  type: 'purchase' | 'movement' | 'online';
  originLocationId: number | null;
  destinationLocationId: number | null;
  originStatus: number | null;
  destinationStatus: number | null;
  closed: boolean;
};

/**
 * Whether a set of a working mode (its order side and the order kinds it accepts) read at `locationId` verifies the
 * box: an order of an accepted kind whose side is that location, not closed, and that side not canceled.
 */
export const verifiesBox = (
  mode: { side: 'origin' | 'destination'; orderTypes: readonly FoundBox['type'][] },
  box: FoundBox | undefined,
  locationId: number,
): box is FoundBox => {
  if (!box || !mode.orderTypes.includes(box.type)) return false;
  const sideLocation = mode.side === 'destination' ? box.destinationLocationId : box.originLocationId;
  const sideStatus = mode.side === 'destination' ? box.destinationStatus : box.originStatus;
  return sideLocation === locationId && !box.closed && sideStatus !== OrderStatus.Canceled;
};
