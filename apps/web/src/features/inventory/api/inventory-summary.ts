import { INVENTORY_ARTICLES_PAGE_SIZE, type InventorySummaryQuery, type InventorySummaryRow } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

/** The article table of an inventory: 25 per page (spec section 9). */
export const SUMMARY_PAGE_SIZE = INVENTORY_ARTICLES_PAGE_SIZE;

/** The article filter of the detail: Disabled (every GTIN), Missing items, Excess items. */
export type SummaryKind = 'all' | 'missing' | 'excess';
const PATHS: Record<SummaryKind, string> = { all: 'summary', missing: 'remaining_summary', excess: 'surplus_summary' };

export type SummaryFilters = Required<Omit<InventorySummaryQuery, 'limit' | 'offset' | 'order_by'>>;
export const EMPTY_SUMMARY_FILTERS: SummaryFilters = {
  item_type__gtin__icontains: '',
  item_type__sizes__value__icontains: '',
  item_type__description__icontains: '',
  item_type__season__icontains: '',
  item_type__section__icontains: '',
  item_type__model__icontains: '',
  item_type__colour__icontains: '',
};

/**
 * GET /inventorys/{id}/summary/?order_by=item_type, /remaining_summary/ or /surplus_summary/ (30 s
 * timeout) with the GTIN attribute filters and paging.
 */
export const getInventorySummary = (id: string, kind: SummaryKind, filters: SummaryFilters, page: PageParams) =>
  getPage<InventorySummaryRow>(`/inventorys/${id}/${PATHS[kind]}/`, page, {
    query: { ...filters, order_by: 'item_type' },
    timeoutMs: 30_000,
  });
