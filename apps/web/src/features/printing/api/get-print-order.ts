import type { PrintOrder } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

/** GET /printer/print_orders/{id}/ (404 for an order the user does not see). */
export const getPrintOrder = (id: string | number, signal?: AbortSignal) =>
  apiRequest<PrintOrder>(`/printer/print_orders/${id}/`, { silent: true, signal });

export const printOrderQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: printKeys.order(id),
    queryFn: ({ signal }) => getPrintOrder(id, signal),
    retry: false,
    // A job running: its header follows it.
    refetchInterval: (query) => (query.state.data?.state === 'WORKING' ? 1_000 : 20_000),
  });

export const usePrintOrder = (id: string | number) => useQuery(printOrderQueryOptions(id));
