import type { Page } from '@rfid/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Area } from './types';

/** GET /areas/ searched by description (the searchable area field of the reader and printer forms). */
export const searchAreas = (search: string, signal?: AbortSignal) =>
  apiRequest<Page<Area>>('/areas/', { query: { description__icontains: search, order_by: 'description', limit: 50 }, signal });

export const searchAreasQueryOptions = (search: string) =>
  queryOptions({
    queryKey: adminKeys.areaSearch(search),
    queryFn: ({ signal }) => searchAreas(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useSearchAreas = (search: string) => useQuery(searchAreasQueryOptions(search));
