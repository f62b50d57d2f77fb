import { STOCK_SUMMARY_TIMEOUT_MS, type StockRow } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

export type StockFilters = { gtin: string; omit: boolean };

/** GET /areas/{id}/summary/ (30 s; offset, limit, gtin, omit, order_by -count): stock per GTIN of an area. */
export const getAreaSummary = (areaId: number, filters: StockFilters, page: PageParams) =>
  getPage<StockRow>(`/areas/${areaId}/summary/`, page, {
    query: { gtin: filters.gtin, omit: filters.omit, order_by: '-count' },
    timeoutMs: STOCK_SUMMARY_TIMEOUT_MS,
  });
