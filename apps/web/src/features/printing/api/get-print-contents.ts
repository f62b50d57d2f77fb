import { PRINT_CONTENTS_PAGE_SIZE, type PrintContent } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

export { PRINT_CONTENTS_PAGE_SIZE };

/** GET /printer/print_orders/{id}/print_contents/: GTIN and quantity rows, 11 per page. */
export const getPrintContents = (id: string, page: PageParams) =>
  getPage<PrintContent>(`/printer/print_orders/${id}/print_contents/`, page);

/** The order's contents as a paged table reads them. */
export const printContentsPages = (id: string): PagedQuery<PrintContent> => ({
  queryKey: printKeys.contents(id),
  fetchPage: (page) => getPrintContents(id, page),
  pageSize: PRINT_CONTENTS_PAGE_SIZE,
});
