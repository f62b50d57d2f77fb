import { STOCK_SUMMARY_TIMEOUT_MS, type StockRow } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

export type GlobalStockFilters = { location: number; area1: string; gtin: string; omit: boolean };

/** GET /global-stock/?location=&area1=: stock per GTIN of a location (or one of its areas). */
export const getGlobalStock = (filters: GlobalStockFilters, page: PageParams) =>
  getPage<StockRow>('/global-stock/', page, { query: { ...filters, order_by: '-count' }, timeoutMs: STOCK_SUMMARY_TIMEOUT_MS });
