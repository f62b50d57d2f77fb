import { ItemState, LiveTopic } from '@rfid/contract';
import { type ItemMoveEvent, type ItemStatusNote, MoveReason } from '../engine/events.js';
import type { LiveRow } from './live.repository.js';

/** The topic a claim of a reading set (or a reason of a move) also changes, besides the items; null: none. */
export const topicOfClaim = (claim: string | null): LiveTopic | null => {
  switch (claim) {
    case MoveReason.Verification:
    case MoveReason.ProviderReturn:
    case MoveReason.SaleReturn:
      return LiveTopic.Orders;
    case 'inventory':
    case 'cabinet':
    case MoveReason.InventoryLost:
    case MoveReason.InventoryFound:
    case MoveReason.CabinetLost:
    case MoveReason.CabinetFound:
      return LiveTopic.Inventory;
    case MoveReason.PosSale:
    case MoveReason.PosReturn:
      return LiveTopic.Pos;
    default:
      return null;
  }
};

type AreaCount = { area: number | null; in: number; out: number };

/**
 * The rows of a transaction's moves, set-based: per location one `items` row (how many items came into and left each
 * of its areas, and why) and one row of each topic the reasons change (orders, inventory, pos). `companyOf` names the
 * company of a location; a move with no location on either side is in no screen's scope and is left out.
 */
export const rowsOfMoves = (moves: readonly ItemMoveEvent[], companyOf: ReadonlyMap<number, number>): LiveRow[] => {
  const byLocation = new Map<number, { areas: Map<string, AreaCount>; reasons: Set<string>; moved: number }>();
  const entryOf = (locationId: number) => {
    const entry = byLocation.get(locationId) ?? { areas: new Map<string, AreaCount>(), reasons: new Set<string>(), moved: 0 };
    byLocation.set(locationId, entry);
    return entry;
  };
  const count = (locationId: number, areaId: number | null, side: 'in' | 'out') => {
    const { areas } = entryOf(locationId);
    const area = areas.get(String(areaId)) ?? { area: areaId, in: 0, out: 0 };
    areas.set(String(areaId), area);
    area[side] += 1;
  };
  for (const move of moves) {
    // An item leaves its place (`out`) and comes into its new one (`in`); a change of state in one area counts as both.
    if (move.from.locationId !== null) count(move.from.locationId, move.from.areaId, 'out');
    if (move.to.locationId !== null) count(move.to.locationId, move.to.areaId, 'in');
    for (const locationId of new Set([move.from.locationId, move.to.locationId])) {
      if (locationId === null) continue;
      const entry = entryOf(locationId);
      entry.moved += 1;
      entry.reasons.add(move.why);
    }
  }
  const rows: LiveRow[] = [];
  for (const [locationId, entry] of byLocation) {
    const companyId = companyOf.get(locationId);
    if (companyId === undefined) continue;
    const reasons = [...entry.reasons].sort();
    rows.push({
      companyId,
      locationId,
      topic: LiveTopic.Items,
      payload: { moved: entry.moved, areas: [...entry.areas.values()], reasons },
    });
    for (const topic of new Set(reasons.map(topicOfClaim))) {
      if (topic) rows.push({ companyId, locationId, topic, payload: { reasons } });
    }
  }
  return rows;
};

/**
 * The `availability` rows of a transaction (issue 26): one per location whose sellable stock may have changed, that is
 * where an item's status changed, or where a STOCKED item came, left or changed area (a move between floor and
 * stockroom). The payload counts them (`statuses`, `moved`); the screens read the figures again.
 */
export const availabilityRows = (
  moves: readonly ItemMoveEvent[],
  statusChanges: readonly ItemStatusNote[],
  companyOf: ReadonlyMap<number, number>,
): LiveRow[] => {
  const byLocation = new Map<number, { companyId: number; statuses: number; moved: number }>();
  const touch = (locationId: number | null, companyId: number | undefined, key: 'statuses' | 'moved') => {
    if (locationId === null || companyId === undefined) return;
    const entry = byLocation.get(locationId) ?? { companyId, statuses: 0, moved: 0 };
    entry[key] += 1;
    byLocation.set(locationId, entry);
  };
  for (const change of statusChanges) touch(change.locationId, change.companyId, 'statuses');
  for (const move of moves) {
    const locations = new Set<number | null>();
    if (move.from.state === ItemState.Stocked) locations.add(move.from.locationId);
    if (move.to.state === ItemState.Stocked) locations.add(move.to.locationId);
    for (const locationId of locations) touch(locationId, locationId === null ? undefined : companyOf.get(locationId), 'moved');
  }
  return [...byLocation].map(([locationId, { companyId, statuses, moved }]) => ({
    companyId,
    locationId,
    topic: LiveTopic.Availability,
    payload: { statuses, moved },
  }));
};

/**
 * One row per topic and location of a transaction: rows of the same topic and location are merged (their payloads'
 * keys together, the later one's value winning), so a transaction writes each once.
 */
export const mergeLiveRows = (rows: readonly LiveRow[]): LiveRow[] => {
  const merged = new Map<string, LiveRow>();
  for (const row of rows) {
    const key = `${row.companyId}:${row.locationId ?? ''}:${row.topic}`;
    const known = merged.get(key);
    merged.set(key, known ? { ...known, payload: { ...known.payload, ...row.payload } } : row);
  }
  return [...merged.values()];
};

/** Whether a user of `companyId` whose scope is `locationIds` (null: every location) hears a row. */
export const isHeardBy = (
  row: { companyId: number; locationId: number | null },
  user: { companyId: number; locationIds: readonly number[] | null },
): boolean =>
  row.companyId === user.companyId &&
  (row.locationId === null || user.locationIds === null || user.locationIds.includes(row.locationId));
