import type { ItemType, Page } from '@rfid/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchQueryOptions } from '../../../lib/query-client';

/** GET /types/?gtin__icontains=: the company's GTINs whose digits contain `text`, at most `limit`. */
const searchGtinDigits = (text: string, limit: number, signal: AbortSignal): Promise<ItemType[]> =>
  apiRequest<Page<ItemType>>('/types/', { query: { gtin__icontains: text, limit }, signal }).then((page) => page.results);

/** The GTIN search of a picker, once `min` characters are typed; `queryKey` is the picker's own (its feature's keys). */
export const useGtinDigitsSearch = (text: string, { queryKey, min, limit }: { queryKey: QueryKey; min: number; limit: number }) =>
  useQuery(
    searchQueryOptions<ItemType[]>(queryKey, (signal) => searchGtinDigits(text, limit, signal), { enabled: text.length >= min }),
  );
