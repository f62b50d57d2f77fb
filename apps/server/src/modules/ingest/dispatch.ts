import type { Tx } from '../../db/client.js';

/**
 * The seam between ingestion and the domain modules (DESIGN.md section 6).
 *
 * Ingestion stores the reading set, decodes every EPC, creates unseen items (state UNKNOWN,
 * with their decoded GTIN) and then, in the same transaction, offers the set to the handlers
 * registered for the device's working mode, in registration order. The first handler that
 * returns a claim name (e.g. 'verification', 'pos-sale') owns the set; ingestion records it in
 * reading_sets.claimed_by. A set nobody claims is a free reading set (/free-scan).
 *
 * Handlers move items (state, area, location) with plain updates inside `tx`. After the
 * handlers ran, ingestion writes one trace row per read with the item's area before (area1)
 * and after (area2) and its state after, so the EPC tracker shows what the set did.
 */
export type IngestedEpc = {
  epc: string;
  itemId: number;
  itemTypeId: number | null;
  gtin: string | null;
  /** State and area the item had before this set. */
  stateBefore: number;
  areaIdBefore: number | null;
  locationIdBefore: number | null;
};

export type IngestedSet = {
  id: string;
  companyId: number;
  deviceId: number;
  locationId: number;
  areaId: number;
  workingMode: number;
  codebar: string | null;
  startTime: Date;
  endTime: Date;
  /** Distinct EPCs of the set (a tag read many times counts once). */
  epcs: IngestedEpc[];
};

export type ReadingSetHandler = (tx: Tx, set: IngestedSet) => Promise<string | null>;

const handlers = new Map<number, { name: string; handle: ReadingSetHandler }[]>();

/** Registers a handler for one or more working modes. Idempotent per (mode, name). */
export const registerReadingSetHandler = (modes: readonly number[], name: string, handle: ReadingSetHandler): void => {
  for (const mode of modes) {
    const list = handlers.get(mode) ?? [];
    if (!list.some((h) => h.name === name)) list.push({ name, handle });
    handlers.set(mode, list);
  }
};

/** Offers the set to the handlers of its working mode; returns the claim, or null (free set). */
export const dispatchReadingSet = async (tx: Tx, set: IngestedSet): Promise<string | null> => {
  for (const { handle } of handlers.get(set.workingMode) ?? []) {
    const claim = await handle(tx, set);
    if (claim) return claim;
  }
  return null;
};
