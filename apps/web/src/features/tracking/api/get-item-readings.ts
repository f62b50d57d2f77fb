import type { EpcReading } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { getPage, type PageWindow } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

/** Default page size of the spec (section 9). */
export const ITEM_READINGS_PAGE_SIZE = 20;

/** GET /items/{id}/itemstock/: the tag's readings (spec section 3, "EPC reading"), paged. */
export const getItemReadings = (itemId: number, page: PageWindow) => getPage<EpcReading>(`/items/${itemId}/itemstock/`, page);

/** The tag's readings as a paged table reads them. */
export const itemReadingsPages = (itemId: number): PagedQuery<EpcReading> => ({
  queryKey: trackingKeys.itemReadings(itemId),
  fetchPage: (page) => getItemReadings(itemId, page),
  pageSize: ITEM_READINGS_PAGE_SIZE,
});
