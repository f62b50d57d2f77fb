import { type Page, PRINT_CONTENTS_PAGE_SIZE, type PrintContent } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';

export { PRINT_CONTENTS_PAGE_SIZE };

/** GET /printer/print_orders/{id}/print_contents/: GTIN and quantity rows, 11 per page. */
export const getPrintContents = (id: string, page: PageParams) =>
  apiRequest<Page<PrintContent>>(`/printer/print_orders/${id}/print_contents/`, {
    query: { limit: page.limit, offset: page.offset },
    signal: page.signal,
  });
