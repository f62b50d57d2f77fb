import { normalizePrintGtin, PRINT_ORDER_MAX_LABELS, type PrintOrderSource, sumPrintItems } from '@rfid/contract';
import { AppError, type FieldErrors, fieldError, notFound } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository } from '../printing.repository.js';
import { addOrderContents } from './add-order-contents.js';
import { type InPrintingTransaction, loadFormat } from './print-order-scope.js';

export type NewOrder = {
  tagCompanyFormatId: number;
  /** Rows as sent (GTINs as typed); the same GTIN twice is summed. */
  items: { gtin: string; quantity: number }[];
  name: string;
  locations: number[];
  brand: number | null;
  source: PrintOrderSource;
  printerId?: number;
  /** The field a missing GTIN is reported under, per row index (manual: items.<n>.gtin; CSV: file). */
  fieldOf: (index: number) => string;
};

export type CreatePrintOrderDeps = {
  repo: Pick<PrintingRepository, 'companyFormat' | 'visibleLocationIds' | 'brandOf' | 'itemTypesByGtin'>;
  inTransaction: InPrintingTransaction;
  companyPrefixLength: number;
};

/** A 400 naming each row whose GTIN is not one of the company's (under the row's field). */
const missingGtins = (order: NewOrder, missing: number[]): AppError => {
  const errors: FieldErrors = {};
  for (const index of missing) {
    const field = order.fieldOf(index);
    errors[field] = [...(errors[field] ?? []), msg('catalog.gtin_missing', { gtin: order.items[index]?.gtin ?? '' })];
  }
  return new AppError('VALIDATION', { message: 'print.missing_gtin', errors });
};

/** Creates the order with its contents and reserves the EPC of every label, all in one transaction. */
export const createPrintOrder = async (
  { repo, inTransaction, companyPrefixLength }: CreatePrintOrderDeps,
  user: AuthUser,
  order: NewOrder,
): Promise<number> => {
  const format = await loadFormat(repo, user, order.tagCompanyFormatId);
  const locationIds = [...new Set(order.locations)];
  if (locationIds.length) {
    const visible = await repo.visibleLocationIds(user, locationIds);
    if (visible.length !== locationIds.length) throw notFound('location.not_found');
  }
  if (order.brand !== null && !(await repo.brandOf(user.companyId, order.brand))) throw notFound('brand.not_found');

  const normalized = order.items.map((item) => ({ gtin: normalizePrintGtin(item.gtin) ?? item.gtin, quantity: item.quantity }));
  const rows = sumPrintItems(normalized);
  const types = await repo.itemTypesByGtin(
    user.companyId,
    rows.map((r) => r.gtin),
  );
  const known = new Map(types.map((t) => [t.gtin, t.id]));
  const missing = normalized.flatMap((item, index) => (known.has(item.gtin) ? [] : [index]));
  if (missing.length) throw missingGtins(order, missing);
  const total = rows.reduce((sum, row) => sum + row.quantity, 0);
  if (total > PRINT_ORDER_MAX_LABELS) {
    throw fieldError('items', msg('print.max_labels_this', { max: PRINT_ORDER_MAX_LABELS, total }));
  }

  return inTransaction(async (txRepo) => {
    const orderId = await txRepo.insertOrder({
      companyId: user.companyId,
      brandId: order.brand,
      name: order.name,
      tagCompanyFormatId: format.id,
      source: order.source,
      createdBy: user.id,
      ...(order.printerId ? { printerId: order.printerId } : {}),
    });
    await txRepo.insertOrderLocations(orderId, locationIds);
    const contents = { companyId: user.companyId, orderId, filter: format.filterValue, firstLabel: 1, rows, known };
    await addOrderContents(txRepo, companyPrefixLength, contents);
    return orderId;
  });
};
