import type { Page, ReturnLine } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ProviderReturnLinesParams = { id: string | number; limit: number; offset: number };

/** GET /provider_returns/{id}/detail/: the return's lines per GTIN, ordered by GTIN (100 per page). */
export const getProviderReturnLines = ({ id, limit, offset }: ProviderReturnLinesParams) =>
  apiRequest<Page<ReturnLine>>(`/provider_returns/${id}/detail/`, { query: { limit, offset } });

export const providerReturnLinesQueryKey = (id: string | number) => ['inbound', 'provider-returns', 'lines', String(id)] as const;

export const providerReturnLinesQueryOptions = (params: ProviderReturnLinesParams) =>
  queryOptions({
    queryKey: [...providerReturnLinesQueryKey(params.id), params],
    queryFn: () => getProviderReturnLines(params),
  });
