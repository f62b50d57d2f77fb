import type { PrintOrder } from '@rfid/contract';
import { conflict } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toPrintOrderDto } from '../printing.dto.js';
import type { PrintingRepository } from '../printing.repository.js';
import { loadOrder } from './print-order-scope.js';

export type CancelPrintOrderDeps = {
  repo: Pick<PrintingRepository, 'order' | 'cancel' | 'jobHoldsPrinter'>;
  /** How long the cancel waits for the label on the printer to end, and how often it looks. */
  settleMs: number;
  pollMs: number;
  /** Waits `ms` (timers/promises' setTimeout; a fake clock in the unit tests). */
  delay: (ms: number) => Promise<unknown>;
};

/** PUT /printer/print_orders/{id}/ {canceled: true}: cancels a WORKING order (409 in any other state). */
export const cancelPrintOrder = async (
  { repo, settleMs, pollMs, delay }: CancelPrintOrderDeps,
  user: AuthUser,
  { orderId }: { orderId: number },
): Promise<PrintOrder> => {
  await loadOrder(repo, user, orderId);
  // The job, in whichever process runs it, sees the cancel before its next label.
  if (!(await repo.cancel(orderId))) throw conflict('print.cancel_only_printing');
  // The answer says what happened: the label on the printer when the cancel came is usually done within a second
  // (then a late cancel of the last label answers PRINTED, not PARTIAL with nothing left). A slower label is
  // recorded when it ends; the lists poll while a canceled job still holds its printer.
  const until = Date.now() + settleMs;
  while ((await repo.jobHoldsPrinter(orderId)) && Date.now() < until) await delay(pollMs);
  return toPrintOrderDto(await loadOrder(repo, user, orderId));
};
