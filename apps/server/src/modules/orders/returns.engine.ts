import { ItemState } from '@rfid/contract';
import { claimingHandler, type EngineScope, type IngestedSet, moveSetItems, type SetItemsMove } from '../engine/dispatch.js';
import { MoveReason } from '../engine/events.js';
import { findOrderForReturn, insertReturn } from './orders.repository.js';

/**
 * How returns arise (docs/design/returns.md): a reading set whose `codebar` names an order (its
 * order code, or the barcode of one of its boxes) that the set's location received or shipped.
 *
 * - Provider return: a set at an exit reader (working mode 1 Movement exit or 6 Exit/Sale) whose
 *   codebar names a purchase order received at this location. The items go back to the
 *   provider: state 4 RETURNED TO SUPPLIER, no area, no location.
 * - Sale return: a set at an entry reader (working mode 0) whose codebar names an online order
 *   shipped from this location. The items are STOCKED again in the reader's area.
 *
 * Both run after the verification handler of their mode (engine/pipeline.ts): a codebar that
 * names a box the verification engine accepts (boxes of movement/online orders at exits and of
 * purchase/movement orders at entries) is that box's verification, never a return.
 */
export const PROVIDER_RETURN_CLAIM = 'provider-return';
export const SALE_RETURN_CLAIM = 'sale-return';

type ReturnKind = 'provider' | 'sale';

/** Where a return's items go: back to the provider (no area, no location), or STOCKED again at the reader. */
const RETURN_MOVES: Readonly<Record<ReturnKind, SetItemsMove>> = {
  provider: { state: ItemState.ReturnedToSupplier, atReader: false, why: MoveReason.ProviderReturn },
  sale: { state: ItemState.Stocked, atReader: true, why: MoveReason.SaleReturn },
};

const recordReturn = async ({ tx, ledger }: EngineScope, set: IngestedSet, kind: ReturnKind): Promise<boolean> => {
  if (!set.codebar) return false;
  const order = await findOrderForReturn(tx, {
    companyId: set.companyId,
    code: set.codebar,
    type: kind === 'provider' ? 'purchase' : 'online',
    locationId: set.locationId,
  });
  if (!order) return false;
  await insertReturn(
    tx,
    {
      companyId: set.companyId,
      kind,
      locationId: set.locationId,
      code: set.codebar,
      orderId: order.id,
      providerId: kind === 'provider' ? order.providerId : null,
      readingSetId: set.id,
      realItemCount: set.epcs.length,
      startTime: set.startTime,
      endTime: set.endTime,
    },
    set.epcs.map((e) => ({ itemId: e.itemId, epc: e.epc, itemTypeId: e.itemTypeId })),
  );
  await moveSetItems(ledger, set, { items: set.epcs.map((e) => e.itemId), ...RETURN_MOVES[kind] });
  return true;
};

export const providerReturnHandler = claimingHandler(PROVIDER_RETURN_CLAIM, (scope, set) => recordReturn(scope, set, 'provider'));

export const saleReturnHandler = claimingHandler(SALE_RETURN_CLAIM, (scope, set) => recordReturn(scope, set, 'sale'));
