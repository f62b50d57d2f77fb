import type { Brand, Page } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /brands/: the company's brands for the location form's select. */
export const getBrands = (signal?: AbortSignal) =>
  apiRequest<Page<Brand>>('/brands/', { query: { order_by: 'description', limit: 100 }, signal });

export const brandsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.brands, queryFn: ({ signal }) => getBrands(signal), staleTime: 60_000 });

export const useBrands = () => useQuery(brandsQueryOptions());
