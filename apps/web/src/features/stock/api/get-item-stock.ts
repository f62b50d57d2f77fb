import { type ItemStockRow, STOCK_SUMMARY_TIMEOUT_MS } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

export type ItemStockFilters = { location: number; area1: string; epc__icontains: string; gtin: string };

/** GET /global-item-stock/?area1=&area2__isnull=True: the tags in stock of a location (or one area). */
export const getItemStock = (filters: ItemStockFilters, page: PageParams) =>
  getPage<ItemStockRow>('/global-item-stock/', page, {
    query: { ...filters, area2__isnull: 'True' },
    timeoutMs: STOCK_SUMMARY_TIMEOUT_MS,
  });
