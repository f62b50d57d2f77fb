import { PRINT_TAGS_PAGE_SIZE, type PrintTag } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { printKeys } from '../../print-wizard';

export { PRINT_TAGS_PAGE_SIZE };

/** GET /printer/print_orders/{id}/items/: the labels (id, EPC, GTIN, serial number), 10 per page. */
export const getPrintTags = (id: string, page: PageParams) => getPage<PrintTag>(`/printer/print_orders/${id}/items/`, page);

/** The order's labels as a paged table reads them. */
export const printTagsPages = (id: string): PagedQuery<PrintTag> => ({
  queryKey: printKeys.tags(id),
  fetchPage: (page) => getPrintTags(id, page),
  pageSize: PRINT_TAGS_PAGE_SIZE,
});
