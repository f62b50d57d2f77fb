import { PrintOrderState, type PrintProgress } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { toPrintOrderDto } from '../printing.dto.js';
import type { PrintingRepository } from '../printing.repository.js';
import { loadOrder } from './print-order-scope.js';

/** GET /printer/print_orders/{id}/printer_progress/: the order's state and, while it prints, its job's labels done. */
export const getPrintProgress = async (
  repo: Pick<PrintingRepository, 'order'>,
  user: AuthUser,
  { orderId }: { orderId: number },
): Promise<PrintProgress> => {
  const row = await loadOrder(repo, user, orderId);
  const order = toPrintOrderDto(row);
  const isJob = order.state === PrintOrderState.Working && row.job_from !== null && row.job_to !== null;
  const job = isJob ? { done: row.job_done, total: Math.max(0, (row.job_to ?? 0) - (row.job_from ?? 0) + 1) } : undefined;
  return {
    id: order.id,
    state: order.state,
    progress: order.progress,
    total_quantity: order.total_quantity,
    from_label: order.from_label,
    canceled: order.canceled,
    job_done: job?.done ?? 0,
    job_total: job?.total ?? 0,
    printer: order.printer,
    error: order.error,
    error_detail: order.error_detail ?? null,
  };
};
