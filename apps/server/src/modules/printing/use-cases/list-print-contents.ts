import type { PrintContent } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PrintingRepository } from '../printing.repository.js';
import { loadOrder } from './print-order-scope.js';

/** GET /printer/print_orders/{id}/print_contents/: the order's GTIN and quantity rows, a page of them. */
export const listPrintContents = async (
  repo: Pick<PrintingRepository, 'order' | 'contents'>,
  user: AuthUser,
  { orderId, page }: { orderId: number; page: PageParams },
): Promise<{ count: number; rows: PrintContent[] }> => {
  await loadOrder(repo, user, orderId);
  return repo.contents(orderId, page);
};
