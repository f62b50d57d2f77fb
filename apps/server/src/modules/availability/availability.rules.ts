import { AreaKind, type AvailabilityCounts, ItemState, ItemStatus, SELLABLE_STATUSES } from '@rfid/contract';

/**
 * Availability's formulas (docs/store-floor/availability.md), written once as a pure function over items: the property
 * test holds the SQL of availability.repository.ts to them.
 */

/** The area kinds that are "on the floor": where a customer can take the item. */
export const FLOOR_KINDS: readonly AreaKind[] = [AreaKind.SalesFloor, AreaKind.FittingRoom];
/** The area kinds of the stockroom. */
export const STOCKROOM_KINDS: readonly AreaKind[] = [AreaKind.Stockroom];

/** An item as availability sees it: its state, status, and the kind of its area (null: in none). */
export type AvailabilityItem = { gtin: string; state: number; status: number; areaKind: string | null };

const zero = (): AvailabilityCounts => ({
  in_stock: 0,
  on_floor: 0,
  in_stockroom: 0,
  sellable: 0,
  reserved: 0,
  available_to_promise: 0,
});

/**
 * The counts of one location's items per GTIN: only STOCKED items count; on the floor are those in a sales floor or
 * fitting room, in the stockroom those in a stockroom; sellable are those sellable or on display; reserved those
 * reserved; available to promise is the sellable stock (a reserved, damaged or quarantined item is never promised).
 */
export const availabilityOf = (items: readonly AvailabilityItem[]): Map<string, AvailabilityCounts> => {
  const byGtin = new Map<string, AvailabilityCounts>();
  for (const item of items) {
    if (item.state !== ItemState.Stocked) continue;
    const counts = byGtin.get(item.gtin) ?? zero();
    counts.in_stock += 1;
    if (item.areaKind !== null && (FLOOR_KINDS as readonly string[]).includes(item.areaKind)) counts.on_floor += 1;
    if (item.areaKind !== null && (STOCKROOM_KINDS as readonly string[]).includes(item.areaKind)) counts.in_stockroom += 1;
    if ((SELLABLE_STATUSES as readonly number[]).includes(item.status)) counts.sellable += 1;
    if (item.status === ItemStatus.Reserved) counts.reserved += 1;
    byGtin.set(item.gtin, counts);
  }
  for (const counts of byGtin.values()) counts.available_to_promise = availableToPromise(counts);
  return byGtin;
};

/** Available to promise: the sellable stock (reserved items are already outside it). */
export const availableToPromise = (counts: Pick<AvailabilityCounts, 'sellable'>): number => counts.sellable;
