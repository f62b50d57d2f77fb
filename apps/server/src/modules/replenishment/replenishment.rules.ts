/**
 * The pick list's rule (issue 26, item 4; docs/store-floor/replenishment.md), pure so that it can be checked on any
 * numbers (replenishment.rules.test.ts, with fast-check):
 *
 * - target: the GTIN's own override, else its section's, else the store's default;
 * - missing = max(0, target − on_floor);
 * - to_pick = min(missing, in_stockroom): never more than the stockroom holds, never below 0.
 *
 * The repository's SQL lists the GTINs for which `to_pick > 0` (`isPickable`): target > on_floor and in_stockroom > 0.
 */
export type FloorCounts = { target: number; onFloor: number; inStockroom: number };
export type PickQuantities = { missing: number; toPick: number };

/** Counts below 0 cannot happen (they are counts of rows); they are read as 0 so the rule holds for any input. */
const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

export const pickQuantities = ({ target, onFloor, inStockroom }: FloorCounts): PickQuantities => {
  const missing = Math.max(0, count(target) - count(onFloor));
  return { missing, toPick: Math.min(missing, count(inStockroom)) };
};

/** Whether a GTIN is a line of the pick list (what the SQL's filter says). */
export const isPickable = (counts: FloorCounts): boolean => pickQuantities(counts).toPick > 0;

/** The floor target of a GTIN: its own override wins over its section's, which wins over the store's default. */
export const floorTargetOf = ({
  gtinTarget,
  sectionTarget,
  storeDefault,
}: {
  gtinTarget: number | null;
  sectionTarget: number | null;
  storeDefault: number;
}): number => gtinTarget ?? sectionTarget ?? storeDefault;

/** "Not on shelf but in stock": none on the floor, some in the stockroom. */
export const isNosbos = ({ onFloor, inStockroom }: Pick<FloorCounts, 'onFloor' | 'inStockroom'>): boolean =>
  count(onFloor) === 0 && count(inStockroom) > 0;

/**
 * Units moved from the stockroom to the floor (a replenishment seen by a floor reader): each is counted once, on the
 * floor instead of in the stockroom; the GTIN's total stays.
 */
export const afterMove = (counts: FloorCounts, moved: number): FloorCounts => {
  const units = Math.min(count(moved), count(counts.inStockroom));
  return { ...counts, onFloor: count(counts.onFloor) + units, inStockroom: count(counts.inStockroom) - units };
};
