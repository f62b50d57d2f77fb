import type { SearchAnswer } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchKeys } from '../keys';

/**
 * GET /search/?q=…&location=…: what the query names (an EPC, a GTIN, an order code or a box barcode) among what the
 * user may open; `location`, the header's, only decides the side a movement order opens on.
 */
export const getSearch = (q: string, locationId: number | null, signal?: AbortSignal) =>
  apiRequest<SearchAnswer>('/search/', { query: { q, location: locationId ?? undefined }, silent: true, signal });

export const searchQueryOptions = (q: string, locationId: number | null) =>
  queryOptions({
    queryKey: searchKeys.query(q, locationId),
    queryFn: ({ signal }) => getSearch(q, locationId, signal),
    enabled: q !== '',
    staleTime: 30_000,
  });

export const useSearch = (q: string, locationId: number | null) => useQuery(searchQueryOptions(q, locationId));
