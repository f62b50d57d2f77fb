import type { ErpDifference } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { erpKeys } from '../keys';

export const ERP_DIFFERENCES_PAGE = 25;

/** The filters of the differences ('' is none): a location id, a GTIN or part of it, only rows that differ, the order. */
export type ErpDifferenceFilters = { location: string; gtin: string; onlyDifferences: boolean; orderBy: string };

/** The query string the list and its CSV export share. */
export const differenceQuery = (filters: ErpDifferenceFilters): Record<string, string> => ({
  ...(filters.location ? { location: filters.location } : {}),
  ...(filters.gtin ? { gtin: filters.gtin } : {}),
  ...(filters.onlyDifferences ? { only_differences: 'true' } : {}),
  ...(filters.orderBy ? { order_by: filters.orderBy } : {}),
});

/** GET /erp/differences/: per store and GTIN, ERP and RFID quantities and RFID − ERP. */
export const getErpDifferences = (filters: ErpDifferenceFilters, page: PageParams) =>
  getPage<ErpDifference>('/erp/differences/', page, { query: differenceQuery(filters) });

/** The differences as a paged table reads them (a row is a store and a GTIN). */
export const erpDifferencesPages = (filters: ErpDifferenceFilters): PagedQuery<ErpDifference> => ({
  queryKey: erpKeys.differences(filters),
  fetchPage: (page) => getErpDifferences(filters, page),
  pageSize: ERP_DIFFERENCES_PAGE,
  rowKey: (row) => `${row.location.id}:${row.gtin}`,
});
