import { type ItemType, type Page, PRINT_GTIN_SEARCH_MIN } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchQueryOptions } from '../../../lib/query-client';
import { catalogKeys } from '../../catalog';

export { PRINT_GTIN_SEARCH_MIN };

/** GET /types/?gtin__icontains=: the manual order's GTIN search, from 8 characters on (spec section 5). */
export const searchPrintGtins = (text: string, signal?: AbortSignal) =>
  apiRequest<Page<ItemType>>('/types/', { query: { gtin__icontains: text, limit: 10 }, signal }).then((page) => page.results);

export const printGtinSearchQueryOptions = (text: string) =>
  searchQueryOptions(catalogKeys.printingSearch(text), (signal) => searchPrintGtins(text, signal), {
    enabled: text.length >= PRINT_GTIN_SEARCH_MIN,
  });

export const usePrintGtinSearch = (text: string) => useQuery(printGtinSearchQueryOptions(text));
