import type { Db, Tx } from '../../db/client.js';
import { dispatchReadingSet, type EngineScope, type HandlerTable, type IngestedSet } from './dispatch.js';
import { createEventBus, emptyLedgerNotes, type ItemMoveEvent, type LedgerNotes } from './events.js';
import { readingSetHandlers } from './handlers.js';
import { createLedger } from './ledger.js';

/**
 * The domain engine of one process: the working-mode handlers (handlers.ts), transactions that
 * carry the items ledger, and the ledger's domain events, delivered to `events` subscribers only
 * after the transaction that made them commits (none when it rolls back).
 */
export const createEngine = ({
  db,
  handlers = readingSetHandlers(),
  onListenerError,
}: {
  db: Db;
  handlers?: HandlerTable;
  /** A subscriber failed (after the commit: nothing is undone). */
  onListenerError?: (error: unknown) => void;
}) => {
  const events = createEventBus(onListenerError);
  const committing = new Set<CommittingHook>();
  return {
    db,
    events,
    handlers,
    /**
     * Registers work that runs inside every engine transaction after its body, before the commit, with the moves it
     * made and what the ledger noted (sightings; e.g. EPCIS events, live-update rows): it commits or rolls back with
     * them. Answers the function that removes it.
     */
    beforeCommit(hook: CommittingHook): () => void {
      committing.add(hook);
      return () => committing.delete(hook);
    },
    /** Runs `work` in one transaction with a ledger; its moves are published once it commits. */
    async transaction<T>(work: (scope: EngineScope) => Promise<T>): Promise<T> {
      let pending: ItemMoveEvent[] = [];
      const result = await db.transaction(async (tx) => {
        // A retried body starts again from no moves.
        pending = [];
        const notes: LedgerNotes = emptyLedgerNotes();
        const value = await work({ tx, ledger: createLedger(tx, pending, notes) });
        for (const hook of committing) await hook(tx, pending, notes);
        return value;
      });
      events.publish(pending);
      return result;
    },
    /** Offers a set to its working mode's handlers inside `scope` (ingest.service.ts calls it). */
    dispatch: (scope: EngineScope, set: IngestedSet) => dispatchReadingSet(handlers, scope, set),
  };
};
/** Work inside an engine transaction, before its commit (see `beforeCommit`). */
export type CommittingHook = (tx: Tx, moves: readonly ItemMoveEvent[], notes: Readonly<LedgerNotes>) => Promise<void>;

export type Engine = ReturnType<typeof createEngine>;
