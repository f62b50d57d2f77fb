import { PRINT_VOIDED_PAGE_SIZE, type VoidedLabel } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

/** GET /printer/print_orders/{id}/voided/: the order's voided labels (why, when, printer, replacement), 10 per page. */
export const getVoidedLabels = (id: string, page: PageParams) =>
  getPage<VoidedLabel>(`/printer/print_orders/${id}/voided/`, page, { silent: true });

/** The order's voided labels as a paged table reads them. */
export const voidedLabelsPages = (id: string): PagedQuery<VoidedLabel> => ({
  queryKey: printKeys.voided(id),
  fetchPage: (page) => getVoidedLabels(id, page),
  pageSize: PRINT_VOIDED_PAGE_SIZE,
});
