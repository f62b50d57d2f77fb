import type { Page } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchQueryOptions } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { AdminLocation } from './types';

export type LocationOption = { id: number; description: string };

/** GET /locations/ (or /centers/) searched by description, for the selects of the area and user forms. */
export const searchLocations = async ({ search, kind }: { search: string; kind?: 'center' }, signal?: AbortSignal) => {
  const page = await apiRequest<Page<AdminLocation>>(kind === 'center' ? '/centers/' : '/locations/', {
    query: { description__icontains: search, order_by: 'description', limit: 50 },
    signal,
  });
  return page.results.map(({ id, description }): LocationOption => ({ id, description }));
};

export const searchLocationsQueryOptions = (params: { search: string; kind?: 'center' }) =>
  searchQueryOptions(adminKeys.locationSearch(params), (signal) => searchLocations(params, signal), { staleTime: 30_000 });

export const useSearchLocations = (params: { search: string; kind?: 'center' }) => useQuery(searchLocationsQueryOptions(params));
