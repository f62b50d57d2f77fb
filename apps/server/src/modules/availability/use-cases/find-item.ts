import {
  FIND_LAST_SEEN_MAX,
  FIND_TYPES_MAX,
  type FindItemAnswer,
  type FindStoreCounts,
  type FoundItemType,
  type LastSeen,
  LOCATE_READS,
  type LocateAnswer,
} from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { AvailabilityRepository, LastSeenRow, StoreCountRow } from '../availability.repository.js';

export type FindItemRepository = Pick<
  AvailabilityRepository,
  'itemTypes' | 'storeCounts' | 'lastSeen' | 'itemOfEpc' | 'latestReads'
> & {
  /** A location the user may see, else a 404 (location-scope.ts `requireLocation`). */
  location(user: AuthUser, locationId: number): Promise<unknown>;
};

export type FindItemInput = {
  epc?: string | undefined;
  gtin?: string | undefined;
  model?: string | undefined;
  location?: number | undefined;
};

/** An EPC as typed: spaces removed, hex in upper case. */
export const normalizeEpc = (epc: string): string => epc.replace(/\s+/g, '').toUpperCase();

export const toLastSeen = (row: LastSeenRow): LastSeen => ({
  epc: row.epc,
  item: row.item_id,
  status: row.status,
  location: row.location_id,
  location_description: row.location_description,
  area: row.area_id,
  area_description: row.area_description,
  device: row.device,
  at: row.at ? row.at.toISOString() : null,
});

const toCounts = (row: StoreCountRow): FindStoreCounts => ({
  location: row.location_id,
  description: row.description,
  code: row.code,
  on_floor: row.on_floor,
  in_stockroom: row.in_stockroom,
  in_stock: row.in_stock,
});

/**
 * GET /find/?epc=|gtin=|model= (every role, in its scope; issue 26, item 6): the item types searched for (an EPC's
 * GTIN, a GTIN, or every size and colour of a model), each with its counts (on the floor, in the stockroom, in stock) in
 * the chosen store (`location`, which the user must see) and in the other stores the user sees, and where its items at
 * the chosen store were last seen (area, reader, time).
 */
export const findItem = async (repo: FindItemRepository, user: AuthUser, query: FindItemInput): Promise<FindItemAnswer> => {
  const locationId = query.location ?? null;
  if (locationId !== null) await repo.location(user, locationId);
  let item: LastSeen | null = null;
  let gtin = query.gtin || null;
  if (query.epc) {
    const row = await repo.itemOfEpc(user, normalizeEpc(query.epc));
    if (!row) return { location: locationId, types: [], item: null };
    item = toLastSeen(row);
    gtin = row.gtin;
    if (!gtin) return { location: locationId, types: [], item };
  }
  let types = await repo.itemTypes(user.companyId, gtin ? { gtin } : { model: query.model ?? '' }, FIND_TYPES_MAX);
  // A GTIN outside the catalogue (tags read before it was loaded) is still found by its items.
  if (types.length === 0 && gtin) types = [{ gtin, description: '', model: '', size: '', colour: '' }];
  const gtins = types.map((t) => t.gtin);
  const counts = await repo.storeCounts(user, gtins);
  const seen = locationId === null ? [] : await repo.lastSeen(locationId, gtins, FIND_LAST_SEEN_MAX);
  const found: FoundItemType[] = types.map((t) => {
    const mine = counts.filter((c) => c.gtin === t.gtin);
    const here = mine.find((c) => c.location_id === locationId);
    return {
      ...t,
      here: here ? toCounts(here) : null,
      others: mine.filter((c) => c.location_id !== locationId).map(toCounts),
      last_seen: seen.filter((s) => s.gtin === t.gtin).map(toLastSeen),
    };
  });
  return { location: locationId, types: found, item };
};

/**
 * GET /find/locate/?epc= (the locate view, polled every second): the EPC's latest reads, newest first, with their RSSI
 * and reader; a handheld's stream reads (modules/ingest/stream-grouper.ts) are traced with the RSSI they carry.
 */
export const locateItem = async (
  repo: Pick<FindItemRepository, 'itemOfEpc' | 'latestReads'>,
  user: AuthUser,
  { epc }: { epc: string },
): Promise<LocateAnswer> => {
  const normalized = normalizeEpc(epc);
  const row = await repo.itemOfEpc(user, normalized);
  if (!row) return { epc: normalized, found: false, reads: [] };
  const reads = await repo.latestReads(user, { id: row.item_id, epc: row.epc }, LOCATE_READS);
  return {
    epc: normalized,
    found: true,
    reads: reads.map((r) => ({ at: r.at.toISOString(), rssi: r.rssi, antenna: r.antenna, device: r.device })),
  };
};
