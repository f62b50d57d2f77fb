import { PRINT_CONTENTS_PAGE_SIZE, type PrintContent } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

export { PRINT_CONTENTS_PAGE_SIZE };

/** GET /printer/print_orders/{id}/print_contents/: GTIN and quantity rows, 11 per page. */
export const getPrintContents = (id: string, page: PageParams) =>
  getPage<PrintContent>(`/printer/print_orders/${id}/print_contents/`, page);
