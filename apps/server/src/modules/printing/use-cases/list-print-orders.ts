import type { PrintOrder } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toPrintOrderDto } from '../printing.dto.js';
import type { PrintingRepository, PrintOrderFilters } from '../printing.repository.js';

/** GET /printer/print_orders/: the print orders the user sees, filtered and ordered as asked, a page of them. */
export const listPrintOrders = async (
  repo: Pick<PrintingRepository, 'listOrders'>,
  user: AuthUser,
  { query, page }: { query: PrintOrderFilters & { order_by?: string }; page: PageParams },
): Promise<{ count: number; results: PrintOrder[] }> => {
  const { order_by, ...filters } = query;
  const { count, rows } = await repo.listOrders(user, filters, order_by, page);
  return { count, results: rows.map(toPrintOrderDto) };
};
