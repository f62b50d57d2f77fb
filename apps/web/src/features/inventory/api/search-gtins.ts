import type { ItemType, Page } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryKeys } from '../keys';

/** Characters typed before the GTINs of a partial inventory are searched. */
export const GTIN_SEARCH_MIN = 3;

/** GET /types/: GTINs whose digits (or, for text, description) contain what was typed. */
export const searchGtinsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: inventoryKeys.gtinSearch(text),
    queryFn: ({ signal }) =>
      apiRequest<Page<ItemType>>('/types/', {
        query: { ...(/^\d+$/.test(text) ? { gtin__icontains: text } : { description__icontains: text }), limit: 20 },
        signal,
      }),
    enabled: text.length >= GTIN_SEARCH_MIN,
    staleTime: 30_000,
  });

export const useSearchGtins = (text: string) => useQuery(searchGtinsQueryOptions(text));
