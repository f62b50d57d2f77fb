import type { Page } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandKeys } from '../keys';
import type { BrandItem } from './get-brands';

/** GET /brands/?id=: one brand the user may see, by its id (null when it is not one of them). */
export const brandQueryOptions = (id: number, isEnabled = true) =>
  queryOptions({
    queryKey: brandKeys.brand(id),
    queryFn: ({ signal }) =>
      apiRequest<Page<BrandItem>>('/brands/', { query: { id, limit: 1 }, signal }).then((page) => page.results[0] ?? null),
    staleTime: 60_000,
    enabled: isEnabled && id > 0,
  });

export const useBrand = (id: number, isEnabled = true) => useQuery(brandQueryOptions(id, isEnabled));
