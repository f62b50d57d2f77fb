import type { Db } from '../../db/client.js';
import type { EngineScope, IngestedSet } from './dispatch.js';
import { emptyLedgerNotes, type ItemMoveEvent, type LedgerNotes } from './events.js';
import { createLedger } from './ledger.js';
import { type ReadingSetPipeline, runHandlers } from './pipeline.js';

/**
 * The domain engine of one process, built from its pipeline (pipeline.ts: the working-mode handlers, then the commit
 * hooks, in order): transactions that carry the items ledger and end with the pipeline's commit hooks.
 */
export const createEngine = ({ db, pipeline }: { db: Db; pipeline: ReadingSetPipeline }) => ({
  db,
  pipeline,
  /**
   * Runs `work` in one transaction with a ledger; after it, before the commit, the pipeline's commit hooks in their
   * order with every move and note of the transaction (a retried body starts again from none).
   */
  transaction: <T>(work: (scope: EngineScope) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const moves: ItemMoveEvent[] = [];
      const notes: LedgerNotes = emptyLedgerNotes();
      const value = await work({ tx, ledger: createLedger(tx, moves, notes) });
      for (const hook of pipeline.commitHooks) await hook.run(tx, moves, notes);
      return value;
    }),
  /**
   * Step 1 of the pipeline for a stored set (ingest.service.ts calls it inside `transaction`): its working mode's
   * handlers in order, then its live note; answers the claim, or null (a free set). `epcCount`: its distinct EPCs.
   */
  runHandlers: (scope: EngineScope, set: IngestedSet, epcCount: number) => runHandlers(pipeline.handlers, scope, set, epcCount),
});

export type Engine = ReturnType<typeof createEngine>;
