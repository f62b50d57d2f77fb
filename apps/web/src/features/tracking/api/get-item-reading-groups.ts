import type { EpcReadingGroup } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { getPage, type PageWindow } from '../../../lib/api-client';
import { trackingKeys } from '../keys';
import { ITEM_READINGS_PAGE_SIZE } from './get-item-readings';

/** GET /items/{id}/readingsets/: the tag's readings grouped by reading set (one row a set), paged. */
export const getItemReadingGroups = (itemId: number, page: PageWindow) =>
  getPage<EpcReadingGroup>(`/items/${itemId}/readingsets/`, page);

/** The tag's reading sets as a paged table reads them. */
export const itemReadingGroupsPages = (itemId: number): PagedQuery<EpcReadingGroup> => ({
  queryKey: trackingKeys.itemReadingGroups(itemId),
  fetchPage: (page) => getItemReadingGroups(itemId, page),
  pageSize: ITEM_READINGS_PAGE_SIZE,
  rowKey: (group) => group.readingSet,
});
