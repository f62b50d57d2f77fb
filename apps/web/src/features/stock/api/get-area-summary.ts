import { type Page, STOCK_SUMMARY_TIMEOUT_MS, type StockRow } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';

export type StockFilters = { gtin: string; omit: boolean };

/** GET /areas/{id}/summary/ (30 s; offset, limit, gtin, omit, order_by -count): stock per GTIN of an area. */
export const getAreaSummary = (areaId: number, filters: StockFilters, page: PageParams) =>
  apiRequest<Page<StockRow>>(`/areas/${areaId}/summary/`, {
    query: { gtin: filters.gtin, omit: filters.omit, order_by: '-count', limit: page.limit, offset: page.offset },
    timeoutMs: STOCK_SUMMARY_TIMEOUT_MS,
    signal: page.signal,
  });
