import type { Db } from '../../db/client.js';
import { dispatchReadingSet, type EngineScope, type HandlerTable, type IngestedSet } from './dispatch.js';
import { createEventBus, type ItemMoveEvent } from './events.js';
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
  return {
    db,
    events,
    handlers,
    /** Runs `work` in one transaction with a ledger; its moves are published once it commits. */
    async transaction<T>(work: (scope: EngineScope) => Promise<T>): Promise<T> {
      let pending: ItemMoveEvent[] = [];
      const result = await db.transaction(async (tx) => {
        // A retried body starts again from no moves.
        pending = [];
        return work({ tx, ledger: createLedger(tx, pending) });
      });
      events.publish(pending);
      return result;
    },
    /** Offers a set to its working mode's handlers inside `scope` (ingest.service.ts calls it). */
    dispatch: (scope: EngineScope, set: IngestedSet) => dispatchReadingSet(handlers, scope, set),
  };
};
export type Engine = ReturnType<typeof createEngine>;
