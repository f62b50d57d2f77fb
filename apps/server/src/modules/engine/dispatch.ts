import type { Tx } from '../../db/client.js';
import type { ItemStateValue, MoveReason } from './events.js';
import type { Ledger } from './ledger.js';

/**
 * What a working-mode handler gets and answers (docs/design.md §6); the handlers and their order are pipeline.ts's.
 *
 * Ingestion (ingest/ingest.service.ts) stores the reading set, makes every EPC an item (the ledger's `see`) and then,
 * in the same transaction, offers the set to the handlers of the device's working mode in the pipeline's order. The
 * first handler that returns a claim name (e.g. 'verification', 'pos-sale') owns the set; ingestion records it in
 * reading_sets.claimed_by. A set nobody claims is a free reading set (/free-scan).
 *
 * Handlers move items only through the ledger (ledger.ts). After the handlers ran, ingestion writes one trace row per
 * read with the item's area before (area1) and after (area2) and its state after, so the EPC tracker shows what the
 * set did.
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

/** What a handler works with: the ingest transaction and the ledger bound to it. */
export type EngineScope = { tx: Tx; ledger: Ledger };

/** Where a handler moves the items its set read: `state`, in the reader's area and location (`atReader`) or in none. */
export type SetItemsMove = { state: ItemStateValue; atReader: boolean; why: MoveReason };

/**
 * A handler's move of items its set read: to `state` in the reader's area and location (`atReader`) or in none (items
 * that left), seen at the set's end. Not traced here: the set's reads are traced after the handlers.
 */
export const moveSetItems = (
  ledger: Ledger,
  set: IngestedSet,
  { items, state, atReader, why }: SetItemsMove & { items: number[] },
) =>
  ledger.move({
    items,
    to: { state, areaId: atReader ? set.areaId : null, locationId: atReader ? set.locationId : null },
    why,
    readingSetId: set.id,
    at: set.endTime,
    isSeen: true,
    isTraced: false,
  });

/** Answers its claim name when it owns the set, null to leave it to the next handler. */
export type ReadingSetHandler = (scope: EngineScope, set: IngestedSet) => Promise<string | null>;

export type NamedHandler = { name: string; handle: ReadingSetHandler };

/** The handler that owns a set as `claim` when `record` took it (true), else leaves it to the next handler. */
export const claimingHandler =
  (claim: string, record: (scope: EngineScope, set: IngestedSet) => Promise<boolean>): ReadingSetHandler =>
  async (scope, set) =>
    (await record(scope, set)) ? claim : null;
