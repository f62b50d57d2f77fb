import {
  PRINT_ORDER_MAX_LABELS,
  type PrintOrder,
  PrintOrderState,
  sumPrintItems,
  type tprintingBodySchema,
} from '@rfid/contract';
import type { z } from 'zod';
import { conflict, fieldError, notFound } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository } from '../printing.repository.js';
import { addOrderContents } from './add-order-contents.js';
import { type InPrintingTransaction, loadFormat, loadOrder, loadPrinter } from './print-order-scope.js';
import { startPrint } from './start-print.js';

export type AddToPrintingDeps = {
  repo: Pick<PrintingRepository, 'order' | 'printer' | 'itemTypesById' | 'companyFormat'>;
  inTransaction: InPrintingTransaction;
  wake: () => void;
  companyPrefixLength: number;
};

/** The rows of GTIN and quantity of the item types (summed per GTIN); an item type not the company's is a 404. */
const rowsOf = async (
  repo: Pick<PrintingRepository, 'itemTypesById'>,
  user: AuthUser,
  itemTypes: { item_type_id: number; quantity: number }[],
) => {
  const found = await repo.itemTypesById(
    user.companyId,
    itemTypes.map((t) => t.item_type_id),
  );
  const types = new Map(found.map((t) => [t.id, t.gtin]));
  const unknown = itemTypes.findIndex((t) => !types.has(t.item_type_id));
  if (unknown >= 0) throw notFound('catalog.gtin_not_found');
  const rows = sumPrintItems(itemTypes.map((t) => ({ gtin: types.get(t.item_type_id) as string, quantity: t.quantity })));
  const known = new Map([...types].map(([id, gtin]) => [gtin, id]));
  return { rows, known };
};

/** POST /tprintings/: the printing's labels (item types and quantities), reserved, then printed on its printer. */
export const addToPrinting = async (
  { repo, inTransaction, wake, companyPrefixLength }: AddToPrintingDeps,
  user: AuthUser,
  { printing_id, item_types }: z.output<typeof tprintingBodySchema>,
): Promise<PrintOrder> => {
  const order = await loadOrder(repo, user, printing_id);
  if (order.printer_id === null) throw conflict('print.no_printer');
  // Access first: a user who may not see the printing's printer gets 404 before anything is reserved.
  const printer = await loadPrinter(repo, user, order.printer_id);
  if (order.total_quantity > 0 || order.state === PrintOrderState.Working) throw conflict('print.has_labels');
  const { rows, known } = await rowsOf(repo, user, item_types);
  const total = rows.reduce((sum, r) => sum + r.quantity, 0);
  if (total > PRINT_ORDER_MAX_LABELS) throw fieldError('item_types', msg('print.max_labels', { max: PRINT_ORDER_MAX_LABELS }));
  const format = await loadFormat(repo, user, order.tcf_id);
  // Labels reserved and the job queued in one transaction: a refused start reserves nothing.
  const started = await inTransaction(async (txRepo) => {
    const contents = { companyId: user.companyId, orderId: order.id, filter: format.filterValue, firstLabel: 1, rows, known };
    await addOrderContents(txRepo, companyPrefixLength, contents);
    return startPrint({ repo: txRepo, wake }, user, { orderId: order.id, printerId: printer.id });
  });
  wake();
  return started;
};
