import type { Page } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandKeys } from '../keys';

export type BrandItem = { id: number; description: string; company_id: number };

/** GET /brands/?order_by=description: the brands the user may pick (the first 100). */
export const brandsQueryOptions = (isEnabled = true) =>
  queryOptions({
    queryKey: brandKeys.brands,
    queryFn: ({ signal }) => apiRequest<Page<BrandItem>>('/brands/', { query: { order_by: 'description', limit: 100 }, signal }),
    staleTime: 60_000,
    enabled: isEnabled,
  });

export const useBrands = (isEnabled = true) => useQuery(brandsQueryOptions(isEnabled));
