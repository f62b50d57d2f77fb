import { WorkingMode } from '@rfid/contract';
import { createExitGateHandler, EXIT_GATE_CLAIM } from '../exit-alarms/exit-alarms.engine.js';
import { cabinetHandler, handheldHandler } from '../inventory/inventory.engine.js';
import { CABINET_CLAIM, INVENTORY_CLAIM } from '../inventory/inventory.repository.js';
import { PROVIDER_RETURN_CLAIM, providerReturnHandler, SALE_RETURN_CLAIM, saleReturnHandler } from '../orders/returns.engine.js';
import { POS_RETURN_CLAIM, POS_SALE_CLAIM, posReturnHandler, posSaleHandler } from '../pos/pos.engine.js';
import { FLOOR_SIGHTING_CLAIM, floorSightingHandler } from '../replenishment/floor-sighting.engine.js';
import { VERIFICATION_CLAIM, verifyBoxSet } from '../verification/verification.engine.js';
import type { HandlerTable, NamedHandler } from './dispatch.js';

const verification: NamedHandler = { name: VERIFICATION_CLAIM, handle: verifyBoxSet };
const providerReturn: NamedHandler = { name: PROVIDER_RETURN_CLAIM, handle: providerReturnHandler };
const saleReturn: NamedHandler = { name: SALE_RETURN_CLAIM, handle: saleReturnHandler };

/**
 * What a reading set means, per working mode of its reader (DESIGN.md section 6): the handlers
 * offered the set, in this order; the first that claims it owns it. This list is the whole
 * engine: no handler registers itself anywhere else.
 *
 * At entries and exits a box of an order the verification accepts is verified first; returns
 * (orders/returns.engine.ts) come after and take what names a received purchase order (exits)
 * or a shipped online order (entry).
 */
export const readingSetHandlers = ({ exitAlarmWindowS }: { exitAlarmWindowS?: number } = {}): HandlerTable => ({
  [WorkingMode.Entry]: [verification, saleReturn],
  [WorkingMode.MovementExit]: [verification, providerReturn],
  [WorkingMode.Handheld]: [
    // Items of the store seen in another area move to the reader's (stockroom → floor: replenished; issue 26). It runs
    // first and never claims: the inventory handler still takes every set, and no open inventory sees items move.
    { name: FLOOR_SIGHTING_CLAIM, handle: floorSightingHandler },
    { name: INVENTORY_CLAIM, handle: handheldHandler },
  ],
  [WorkingMode.Movement]: [verification],
  [WorkingMode.Sale]: [{ name: POS_SALE_CLAIM, handle: posSaleHandler }],
  [WorkingMode.Pos]: [{ name: POS_RETURN_CLAIM, handle: posReturnHandler }],
  [WorkingMode.ExitSale]: [verification, providerReturn],
  [WorkingMode.Cabinet]: [{ name: CABINET_CLAIM, handle: cabinetHandler }],
  [WorkingMode.ExitGate]: [
    { name: EXIT_GATE_CLAIM, handle: createExitGateHandler(exitAlarmWindowS === undefined ? {} : { windowS: exitAlarmWindowS }) },
  ],
});
