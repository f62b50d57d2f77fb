import type { VoidedLabel } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { iso, voidReasonOf } from '../printing.dto.js';
import type { VoidedLabelsRepository, VoidedListRow } from '../voided-labels.repository.js';

/** A voided label as the API answers it (voidedLabelSchema). */
export const toVoidedLabel = (row: VoidedListRow): VoidedLabel => ({
  id: row.id,
  label_number: row.label_number,
  gtin: row.gtin,
  serial_number: String(row.serial),
  epc: row.epc,
  reason: voidReasonOf(row.void_reason),
  voided_at: iso(row.voided_at) as string,
  printer: row.printer_id === null ? null : { id: row.printer_id, description: row.printer_description ?? '' },
  replacement:
    row.r_id === null
      ? null
      : {
          id: row.r_id,
          label_number: row.r_label_number ?? 0,
          epc: row.r_epc ?? '',
          printed_at: iso(row.r_printed_at),
          voided_at: iso(row.r_voided_at),
        },
});

/**
 * GET /printer/print_orders/{id}/voided/: the voided labels of a print order the user sees (404 otherwise), in label
 * order, with why and when each was voided, its printer and its replacement.
 */
export const listVoidedLabels = async (
  repo: Pick<VoidedLabelsRepository, 'order' | 'listVoided'>,
  user: AuthUser,
  { printOrderId, page }: { printOrderId: number; page: PageParams },
): Promise<{ count: number; results: VoidedLabel[] }> => {
  await foundOr(repo.order(user, printOrderId), 'print.order_not_found');
  const { count, rows } = await repo.listVoided(printOrderId, page);
  return { count, results: rows.map(toVoidedLabel) };
};
