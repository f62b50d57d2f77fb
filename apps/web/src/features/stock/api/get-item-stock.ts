import { type ItemStockRow, type Page, STOCK_SUMMARY_TIMEOUT_MS } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';

export type ItemStockFilters = { location: number; area1: string; epc__icontains: string; gtin: string };

/** GET /global-item-stock/?area1=&area2__isnull=True: the tags in stock of a location (or one area). */
export const getItemStock = (filters: ItemStockFilters, page: PageParams) =>
  apiRequest<Page<ItemStockRow>>('/global-item-stock/', {
    query: { ...filters, area2__isnull: 'True', limit: page.limit, offset: page.offset },
    timeoutMs: STOCK_SUMMARY_TIMEOUT_MS,
    signal: page.signal,
  });
