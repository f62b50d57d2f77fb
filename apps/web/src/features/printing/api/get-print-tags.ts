import { type Page, PRINT_TAGS_PAGE_SIZE, type PrintTag } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

export { PRINT_TAGS_PAGE_SIZE };

/** GET /printer/print_orders/{id}/items/: the labels (id, EPC, GTIN, serial number), 10 per page. */
export const getPrintTags = (id: string, page: { limit: number; offset: number }) =>
  apiRequest<Page<PrintTag>>(`/printer/print_orders/${id}/items/`, { query: page });
