import type { PrintOrder } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { toPrintOrderDto } from '../printing.dto.js';
import type { PrintingRepository } from '../printing.repository.js';
import { loadOrder } from './print-order-scope.js';

/** GET /printer/print_orders/{id}/: the print order when the user sees it (404 otherwise). */
export const getPrintOrder = async (
  repo: Pick<PrintingRepository, 'order'>,
  user: AuthUser,
  { orderId }: { orderId: number },
): Promise<PrintOrder> => toPrintOrderDto(await loadOrder(repo, user, orderId));
