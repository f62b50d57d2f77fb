import type { Tx } from '../../db/client.js';
import type { ItemMoveEvent, ItemPlace, ItemSighting, ItemStateValue, LedgerNotes, MoveReason, TagCommission } from './events.js';
import { createLedgerRepository, type ItemPick, type SeenItem, type SetEpc, type SetRead } from './ledger.repository.js';

export type { ItemPick, SeenItem, SetEpc, SetRead };

export type Move = {
  /** The items: ids, or a subquery of item ids (set-based, whatever their number). */
  items: ItemPick;
  to: ItemPlace;
  why: MoveReason;
  /** The reading set that moves them (null: none). */
  readingSetId: string | null;
  at: Date;
  /** A read saw the items: last_seen_at = `at`. */
  isSeen: boolean;
  /**
   * Writes one trace per moved item in `readingSetId` (a move no read traces: a user's validation).
   * Reads of a reader's set are traced by `traceReads` after the handlers, one per read.
   */
  isTraced: boolean;
};

const samePlace = (a: ItemPlace, b: ItemPlace): boolean =>
  a.state === b.state && a.areaId === b.areaId && a.locationId === b.locationId;

/**
 * The items ledger (DESIGN.md section 8): the only code that moves an item (state, area,
 * location) and writes traces, inside the caller's transaction `tx`. Each item whose place
 * changed becomes one ItemMoveEvent in `pending`; the engine delivers them once `tx` commits
 * (engine.ts), and drops them if it rolls back. Reads that moved nothing are noted by `observe`.
 */
export const createLedger = (tx: Tx, pending: ItemMoveEvent[], notes: LedgerNotes = { sightings: [], commissions: [] }) => {
  const repo = createLedgerRepository(tx);
  return {
    /** Moves items; answers how many it updated (events: only those whose place changed). */
    async move({ items, to, why, readingSetId, at, isSeen, isTraced }: Move): Promise<number> {
      if (Array.isArray(items) && items.length === 0) return 0;
      if (isTraced && !readingSetId) throw new Error('a traced move needs its reading set');
      const rows = await repo.move({
        pick: items,
        to,
        seenAt: isSeen ? at : null,
        trace: isTraced && readingSetId ? { readingSetId, at } : null,
      });
      for (const row of rows) {
        const from: ItemPlace = {
          // The column holds the contract's ItemState values only (every write goes through this ledger).
          state: row.from_state as ItemStateValue,
          areaId: row.from_area_id,
          locationId: row.from_location_id,
        };
        if (samePlace(from, to)) continue;
        pending.push({ itemId: row.id, epc: row.epc, from, to, why, readingSetId, at });
      }
      return rows.length;
    },

    /** Notes items a read saw where they are, without moving them (an inventory's reads), for the transaction's hooks. */
    observe(sightings: readonly ItemSighting[]): void {
      notes.sightings.push(...sightings);
    },

    /** Notes tags a printer encoded and printed (their life begins), for the transaction's hooks. */
    commission(tags: readonly TagCommission[]): void {
      notes.commissions.push(...tags);
    },

    /** Locks items by id (the one lock order) before several moves that must find them unchanged. */
    lock: (items: ItemPick) => repo.lock(items),

    /** The items of a reader's set: unseen EPCs become items (UNKNOWN where the reader is), the others are locked. */
    see: repo.see,
    /** One trace per read of a claimed set, with each item's place after the handlers. */
    traceReads: repo.traceReads,
    /** One trace per read of a set nobody claimed (nothing moved). */
    traceUnmoved: repo.traceUnmoved,
  };
};
export type Ledger = ReturnType<typeof createLedger>;
