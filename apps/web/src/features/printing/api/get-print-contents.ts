import { type Page, PRINT_CONTENTS_PAGE_SIZE, type PrintContent } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

export { PRINT_CONTENTS_PAGE_SIZE };

/** GET /printer/print_orders/{id}/print_contents/: GTIN and quantity rows, 11 per page. */
export const getPrintContents = (id: string, page: { limit: number; offset: number }) =>
  apiRequest<Page<PrintContent>>(`/printer/print_orders/${id}/print_contents/`, { query: page });
