import type { Page, PrintOrder } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../keys';
import { chosenLookup } from './chosen-lookup';

/** GET /printer/print_orders/?printable=true&tag_company_format=: orders of a format with labels left to print. */
export const getPrintableOrders = (format: number, signal?: AbortSignal) =>
  apiRequest<Page<PrintOrder>>('/printer/print_orders/', {
    query: { printable: 'true', tag_company_format: format, limit: 100 },
    signal,
  }).then((page) => page.results);

export const printableOrdersQueryOptions = (format: number | null) =>
  chosenLookup(printKeys.printable(format), format, getPrintableOrders);

export const usePrintableOrders = (format: number | null) => useQuery(printableOrdersQueryOptions(format));
