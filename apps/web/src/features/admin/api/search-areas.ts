import type { Page } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchQueryOptions } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { Area } from './types';

/** GET /areas/ searched by description (the searchable area field of the reader and printer forms). */
export const searchAreas = (search: string, signal?: AbortSignal) =>
  apiRequest<Page<Area>>('/areas/', { query: { description__icontains: search, order_by: 'description', limit: 50 }, signal });

export const searchAreasQueryOptions = (search: string) =>
  searchQueryOptions(adminKeys.areaSearch(search), (signal) => searchAreas(search, signal), { staleTime: 30_000 });

export const useSearchAreas = (search: string) => useQuery(searchAreasQueryOptions(search));
