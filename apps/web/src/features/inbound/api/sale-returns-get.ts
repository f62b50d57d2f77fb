import type { SaleReturn } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordQueryOptions } from '../../../lib/query-client';
import { inboundKeys } from '../keys';

/** GET /sale_returns/{id}/: one return (code, order, counts, window); 404 outside the user's locations. */
export const getSaleReturn = (id: string | number, signal?: AbortSignal) =>
  apiRequest<SaleReturn>(`/sale_returns/${id}/`, { signal });

export const saleReturnQueryOptions = (id: string | number) =>
  recordQueryOptions(inboundKeys.saleReturn(id), (signal) => getSaleReturn(id, signal));

export const useSaleReturn = (id: string | number) => useQuery(saleReturnQueryOptions(id));
