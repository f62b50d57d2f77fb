import type { EpcReading } from '@rfid/contract';
import { getPage, type PageWindow } from '../../../lib/api-client';

/** GET /items/{id}/itemstock/: the tag's readings (spec section 3, "EPC reading"), paged. */
export const getItemReadings = (itemId: number, page: PageWindow) => getPage<EpcReading>(`/items/${itemId}/itemstock/`, page);
