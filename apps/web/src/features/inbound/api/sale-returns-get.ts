import type { SaleReturn } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboundKeys } from '../keys';

/** GET /sale_returns/{id}/: one return (code, order, counts, window); 404 outside the user's locations. */
export const getSaleReturn = (id: string | number, signal?: AbortSignal) =>
  apiRequest<SaleReturn>(`/sale_returns/${id}/`, { signal });

export const saleReturnQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: inboundKeys.saleReturn(id),
    queryFn: ({ signal }) => getSaleReturn(id, signal),
    retry: false,
  });

export const useSaleReturn = (id: string | number) => useQuery(saleReturnQueryOptions(id));
