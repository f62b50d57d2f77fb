import type { Page, ReturnLine } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboundKeys } from '../keys';

export type SaleReturnLinesParams = { id: string | number; limit: number; offset: number };

/** GET /sale_returns/{id}/detail/: the return's lines per GTIN, ordered by GTIN (100 per page). */
export const getSaleReturnLines = ({ id, limit, offset }: SaleReturnLinesParams, signal?: AbortSignal) =>
  apiRequest<Page<ReturnLine>>(`/sale_returns/${id}/detail/`, { query: { limit, offset }, signal });

export const saleReturnLinesQueryOptions = (params: SaleReturnLinesParams) =>
  queryOptions({
    queryKey: [...inboundKeys.saleReturnLines(params.id), params],
    queryFn: ({ signal }) => getSaleReturnLines(params, signal),
  });
