import type { Page, PrintOrder } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../keys';

/** GET /printer/print_orders/?printable=true&tag_company_format=: orders of a format with labels left to print. */
export const getPrintableOrders = (format: number, signal?: AbortSignal) =>
  apiRequest<Page<PrintOrder>>('/printer/print_orders/', {
    query: { printable: 'true', tag_company_format: format, limit: 100 },
    signal,
  }).then((page) => page.results);

export const printableOrdersQueryOptions = (format: number | null) =>
  queryOptions({
    queryKey: printKeys.printable(format),
    queryFn: ({ signal }) => getPrintableOrders(format as number, signal),
    enabled: format !== null,
  });

export const usePrintableOrders = (format: number | null) => useQuery(printableOrdersQueryOptions(format));
