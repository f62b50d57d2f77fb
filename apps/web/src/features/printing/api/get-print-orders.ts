import { PRINT_ORDERS_PAGE_SIZE, type PrintOrder, type PrintOrderState } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

export { PRINT_ORDERS_PAGE_SIZE };

export type PrintOrderFilters = { brand?: number; state?: PrintOrderState };

/** GET /printer/print_orders/: 10 per page, newest first. */
export const getPrintOrders = (filters: PrintOrderFilters, page: PageParams) =>
  getPage<PrintOrder>('/printer/print_orders/', page, { query: filters });

/** How many orders match (one row asked): the production page's figures. */
export const printOrderCountQueryOptions = (filters: PrintOrderFilters) =>
  queryOptions({
    queryKey: printKeys.count(filters),
    queryFn: ({ signal }) => getPrintOrders(filters, { limit: 1, offset: 0, signal }).then((page) => page.count),
    refetchInterval: 20_000,
  });

/** The print orders as a paged table reads them. */
export const printOrdersPages = (filters: PrintOrderFilters): PagedQuery<PrintOrder> => ({
  queryKey: printKeys.list(filters),
  fetchPage: (page) => getPrintOrders(filters, page),
  pageSize: PRINT_ORDERS_PAGE_SIZE,
});
