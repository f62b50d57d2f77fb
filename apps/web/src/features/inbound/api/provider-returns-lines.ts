import type { Page, ReturnLine } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboundKeys } from '../keys';

export type ProviderReturnLinesParams = { id: string | number; limit: number; offset: number };

/** GET /provider_returns/{id}/detail/: the return's lines per GTIN, ordered by GTIN (100 per page). */
export const getProviderReturnLines = ({ id, limit, offset }: ProviderReturnLinesParams, signal?: AbortSignal) =>
  apiRequest<Page<ReturnLine>>(`/provider_returns/${id}/detail/`, { query: { limit, offset }, signal });

export const providerReturnLinesQueryOptions = (params: ProviderReturnLinesParams) =>
  queryOptions({
    queryKey: [...inboundKeys.providerReturnLines(params.id), params],
    queryFn: ({ signal }) => getProviderReturnLines(params, signal),
  });
