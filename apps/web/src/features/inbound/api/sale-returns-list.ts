import type { Page, SaleReturn } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** Return lists: 11 per page (spec section 9). */
export const SALE_RETURNS_PAGE_SIZE = LIST_PAGE_SIZE;

export type SaleReturnFilters = { code__icontains?: string; end_time__gte?: string; end_time__lte?: string };
export type SaleReturnsParams = SaleReturnFilters & { locationId: number; limit: number; offset: number };

/** GET /locations/{id}/sale_returns/: the location's sale returns (online sales coming back), newest first. */
export const getSaleReturns = ({ locationId, ...query }: SaleReturnsParams, signal?: AbortSignal) =>
  apiRequest<Page<SaleReturn>>(`/locations/${locationId}/sale_returns/`, { query: { ...query, order_by: '-end_time' }, signal });
