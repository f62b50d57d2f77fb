import { PRINT_TAGS_PAGE_SIZE, type PrintTag } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

export { PRINT_TAGS_PAGE_SIZE };

/** GET /printer/print_orders/{id}/items/: the labels (id, EPC, GTIN, serial number), 10 per page. */
export const getPrintTags = (id: string, page: PageParams) => getPage<PrintTag>(`/printer/print_orders/${id}/items/`, page);
