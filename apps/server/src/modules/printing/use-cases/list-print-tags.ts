import type { PrintTag } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { voidReasonOf } from '../printing.dto.js';
import type { PrintingRepository } from '../printing.repository.js';
import { loadOrder } from './print-order-scope.js';

/** GET /printer/print_orders/{id}/items/: the order's labels (EPC, serial, printed or voided), a page of them. */
export const listPrintTags = async (
  repo: Pick<PrintingRepository, 'order' | 'tags'>,
  user: AuthUser,
  { orderId, page }: { orderId: number; page: PageParams },
): Promise<{ count: number; results: PrintTag[] }> => {
  await loadOrder(repo, user, orderId);
  const { count, rows } = await repo.tags(orderId, page);
  const results: PrintTag[] = rows.map((r) => ({
    id: r.id,
    label_number: r.labelNumber,
    gtin: r.gtin,
    item: { epc: r.epc, serial_number: String(r.serial) },
    // A voided label is never shown as printed.
    printed_at: r.printedAt && !r.voidedAt ? r.printedAt.toISOString() : null,
    voided_at: r.voidedAt ? r.voidedAt.toISOString() : null,
    void_reason: r.voidedAt ? voidReasonOf(r.voidReason) : null,
    replaces_label: r.replacesLabel,
  }));
  return { count, results };
};
