import type { ItemStatus } from '@rfid/contract';
import type { Tx } from '../../db/client.js';
import {
  emptyLedgerNotes,
  type ItemMoveEvent,
  type ItemPlace,
  type ItemSighting,
  type ItemStateValue,
  type LedgerNotes,
  type MoveReason,
  statusNoteOf,
  type TagCommission,
} from './events.js';
import { createLedgerRepository, type ItemPick } from './ledger.repository.js';

export type { ItemPick };

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

/** A change of the status of items (issue 26): see `setStatus`. */
export type StatusChange = {
  items: ItemPick;
  status: ItemStatus;
  /** The status's reference (a reservation's order code; null: none). */
  reference: string | null;
  /** Why: 'user' (the EPC page or the API), 'handheld' … (StatusReason). */
  reason: string;
  userId: number | null;
  at: Date;
};

/** Why a status changed (`item_status_changes.reason`). */
export const StatusReason = { User: 'user', Handheld: 'handheld' } as const;

const samePlace = (a: ItemPlace, b: ItemPlace): boolean =>
  a.state === b.state && a.areaId === b.areaId && a.locationId === b.locationId;

/**
 * The items ledger (docs/design.md §8): the only code that moves an item (state, area,
 * location) and writes traces, inside the caller's transaction `tx`. Each item whose place
 * changed becomes one ItemMoveEvent in `pending`; the engine gives them to the pipeline's commit
 * hooks before `tx` commits (engine.ts, pipeline.ts). Reads that moved nothing are noted by `observe`.
 */
export const createLedger = (tx: Tx, pending: ItemMoveEvent[], notes: LedgerNotes = emptyLedgerNotes()) => {
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

    /**
     * Sets the status of items (issue 26: the status's part of the ledger): one statement that locks them by id, updates
     * those whose status or reference differ and writes one `item_status_changes` row each. Each change is noted for the
     * transaction's hooks (EPCIS disposition, live availability). Answers how many changed.
     */
    async setStatus({ items, status, reference, reason, userId, at }: StatusChange): Promise<number> {
      if (Array.isArray(items) && items.length === 0) return 0;
      const rows = await repo.setStatus({ pick: items, status, reference, reason, userId, at });
      for (const row of rows) notes.statusChanges.push(statusNoteOf(row.id, row, status, at));
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
