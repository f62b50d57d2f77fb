import { type PrintOrder, PrintOrderState, printDialogRangeErrors } from '@rfid/contract';
import { conflict, type FieldErrors, validationError } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toPrintOrderDto } from '../printing.dto.js';
import type { PrintingRepository, PrintOrderRow } from '../printing.repository.js';
import { loadOrder, loadPrinter } from './print-order-scope.js';

export type StartPrintDeps = {
  /** The repository, of the caller's transaction when there is one. */
  repo: Pick<PrintingRepository, 'order' | 'printer' | 'sendableLabels' | 'startJob'>;
  /** Tells the spooler a job is queued (the jobs themselves live in the database). */
  wake: () => void;
};

export type StartPrintInput = { orderId: number; printerId: number; from?: number | null; to?: number | null };

/** A range outside the order's labels: a 400 on `from` and/or `to` (the print dialog's rules). */
const checkRange = (order: PrintOrderRow, first: number, last: number): void => {
  const errors = printDialogRangeErrors({ from: first, to: last, fromLabel: order.from_label, total: order.total_quantity });
  const field: FieldErrors = {};
  if (errors.from)
    field.from = [
      errors.from === 'error_max'
        ? msg('print.range_max', { max: order.total_quantity })
        : msg('print.range_min', { min: order.from_label }),
    ];
  if (errors.to)
    field.to = [
      errors.to === 'error_max'
        ? msg('print.range_max', { max: order.total_quantity })
        : msg('print.range_min', { min: Math.max(first, 1) }),
    ];
  const [firstField] = Object.keys(field);
  if (firstField) throw validationError(field);
};

/**
 * Starts a job: from..to checked against the order (the print dialog's rules; none: every label left), the order
 * WORKING, the job queued on the printer.
 */
export const startPrint = async (
  { repo, wake }: StartPrintDeps,
  user: AuthUser,
  { orderId, printerId, from, to }: StartPrintInput,
): Promise<PrintOrder> => {
  const order = await loadOrder(repo, user, orderId);
  const printer = await loadPrinter(repo, user, printerId);
  const isAll = from === undefined || from === null;
  const first = isAll ? order.from_label : from;
  const last = isAll ? order.total_quantity : (to as number);
  if (order.total_quantity === 0) throw conflict('print.no_labels');
  if (isAll && first > last) throw conflict('print.all_printed');
  if (!isAll) checkRange(order, first, last);
  if (order.state === PrintOrderState.Working) throw conflict('print.printing_already');
  // Labels printed, sent (in flight) or voided are never sent again.
  if ((await repo.sendableLabels(orderId, first, last)) === 0) {
    throw conflict(isAll ? 'print.all_printed' : 'print.range_printed');
  }
  if (!(await repo.startJob({ orderId, printerId: printer.id, from: first, to: last }))) {
    const now = await loadOrder(repo, user, orderId);
    throw conflict(now.state === PrintOrderState.Working ? 'print.printing_already' : 'print.finishing_job');
  }
  // Any process may run the job (the printer's lease decides); this one looks at once (after the commit: the job
  // of a transaction still open is not seen, and the next poll finds it).
  wake();
  return toPrintOrderDto(await loadOrder(repo, user, orderId));
};
