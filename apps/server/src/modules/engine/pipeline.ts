import { WorkingMode } from '@rfid/contract';
import type { Tx } from '../../db/client.js';
import { recordLedgerEvents } from '../epcis/epcis.ledger.js';
import { createExitGateHandler, EXIT_GATE_CLAIM } from '../exit-alarms/exit-alarms.engine.js';
import { cabinetHandler, handheldHandler } from '../inventory/inventory.engine.js';
import { CABINET_CLAIM, INVENTORY_CLAIM } from '../inventory/inventory.repository.js';
import { liveCommitHook, noteReadingSet } from '../live/live.service.js';
import { PROVIDER_RETURN_CLAIM, providerReturnHandler, SALE_RETURN_CLAIM, saleReturnHandler } from '../orders/returns.engine.js';
import { POS_RETURN_CLAIM, POS_SALE_CLAIM, posReturnHandler, posSaleHandler } from '../pos/pos.engine.js';
import { FLOOR_SIGHTING_CLAIM, floorSightingHandler } from '../replenishment/floor-sighting.engine.js';
import { VERIFICATION_CLAIM, verifyBoxSet } from '../verification/verification.engine.js';
import { stockAlarmCommitHook } from '../webhooks/emit-stock-alarms.js';
import type { EngineScope, IngestedSet, NamedHandler } from './dispatch.js';
import type { ItemMoveEvent, LedgerNotes } from './events.js';

/**
 * Work inside an engine transaction after its body, before its commit, with the moves it made and what the ledger
 * noted (sightings, commissions, status changes): it commits or rolls back with them. A hook that fails rolls the
 * whole transaction back.
 */
export type CommitHook = (tx: Tx, moves: readonly ItemMoveEvent[], notes: Readonly<LedgerNotes>) => Promise<void>;

export type NamedCommitHook = { name: string; run: CommitHook };

/** The handlers of each working mode, in the order they are offered a set. */
export type HandlerTable = Readonly<Record<number, readonly NamedHandler[]>>;

/**
 * Everything that runs inside a reading set's transaction, in order (docs/design.md §6; docs/architecture.md).
 * Ingestion (ingest/ingest.service.ts) stores the set and makes its EPCs items (the ledger's `see`), then:
 *
 * 1. `handlers`: the handlers of the reader's working mode are offered the set in this order; the first that answers
 *    a claim name owns it (reading_sets.claimed_by), none: a free set (`runHandlers`, which also notes the set's
 *    live row). Ingestion then records the claim and writes one trace per read.
 * 2. `commitHooks`: once the transaction's work is done, before its commit, each hook in this order, with every move
 *    and note of the transaction. They run in every engine transaction, not only a reading set's (a validated
 *    inventory, a status change, a printed label).
 *
 * The acknowledgement (201) is sent after the commit. Nothing registers itself anywhere else: this list is the whole
 * pipeline, and `createEngine` (engine.ts) is built from it.
 */
export type ReadingSetPipeline = { handlers: HandlerTable; commitHooks: readonly NamedCommitHook[] };

const verification: NamedHandler = { name: VERIFICATION_CLAIM, handle: verifyBoxSet };
const providerReturn: NamedHandler = { name: PROVIDER_RETURN_CLAIM, handle: providerReturnHandler };
const saleReturn: NamedHandler = { name: SALE_RETURN_CLAIM, handle: saleReturnHandler };

/**
 * The pipeline of the app (`isHandlersOnly`: its handlers without the commit hooks — the demo seeders, which write the
 * EPCIS history of what they did afterwards (epcis/demo-history.repository.ts), and tests of the handlers alone).
 *
 * At entries and exits a box of an order the verification accepts is verified first; returns (orders/returns.engine.ts)
 * come after and take what names a received purchase order (exits) or a shipped online order (entry).
 */
export const readingSetPipeline = ({
  exitAlarmWindowS,
  isHandlersOnly = false,
}: {
  /** EXIT_ALARM_WINDOW_S: the exit gate's window (exit-alarms/exit-alarms.engine.ts). */
  exitAlarmWindowS?: number;
  isHandlersOnly?: boolean;
} = {}): ReadingSetPipeline => ({
  handlers: {
    [WorkingMode.Entry]: [verification, saleReturn],
    [WorkingMode.MovementExit]: [verification, providerReturn],
    [WorkingMode.Handheld]: [
      // Items of the store seen in another area move to the reader's (stockroom → floor: replenished; issue 26). It
      // runs first and never claims: the inventory handler still takes every set, and no open inventory sees items move.
      { name: FLOOR_SIGHTING_CLAIM, handle: floorSightingHandler },
      { name: INVENTORY_CLAIM, handle: handheldHandler },
    ],
    [WorkingMode.Movement]: [verification],
    [WorkingMode.Sale]: [{ name: POS_SALE_CLAIM, handle: posSaleHandler }],
    [WorkingMode.Pos]: [{ name: POS_RETURN_CLAIM, handle: posReturnHandler }],
    [WorkingMode.ExitSale]: [verification, providerReturn],
    [WorkingMode.Cabinet]: [{ name: CABINET_CLAIM, handle: cabinetHandler }],
    [WorkingMode.ExitGate]: [
      {
        name: EXIT_GATE_CLAIM,
        handle: createExitGateHandler(exitAlarmWindowS === undefined ? {} : { windowS: exitAlarmWindowS }),
      },
    ],
  },
  commitHooks: isHandlersOnly
    ? []
    : [
        // Live updates (modules/live): the rows noted by the work (the reading set, exit alarms) and its moves' rows,
        // NOTIFYed at commit; their availability rows are also `availability.changed` webhooks.
        { name: 'live', run: liveCommitHook },
        // Stock alarms the moves crossed are `stock_alarm.changed` webhooks (issue 27, modules/webhooks).
        { name: 'stock-alarms', run: stockAlarmCommitHook },
        // The moves and notes as EPCIS events (issue 17), each also an `epcis.event` webhook.
        { name: 'epcis', run: recordLedgerEvents },
      ],
});

/**
 * Step 1 for a stored set: offers it to the handlers of its working mode, in order, and notes its live row (the
 * `reading-set` row and the claim's topic, written by the `live` commit hook). Answers the claim, or null (a free set).
 */
export const runHandlers = async (
  handlers: HandlerTable,
  scope: EngineScope,
  set: IngestedSet,
  epcCount: number,
): Promise<string | null> => {
  let claim: string | null = null;
  for (const { handle } of handlers[set.workingMode] ?? []) {
    claim = (await handle(scope, set)) || null;
    if (claim) break;
  }
  const { id, companyId, locationId, deviceId, areaId } = set;
  noteReadingSet(scope.tx, { id, companyId, locationId, deviceId, areaId, claim, epcCount });
  return claim;
};
