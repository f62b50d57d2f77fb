import type { EpcReadingGroup } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { trackingKeys } from '../keys';
import { ITEM_READINGS_PAGE_SIZE } from './get-item-readings';

/** GET /items/{id}/readingsets/ as a paged table reads it: the tag's readings grouped by reading set (one row a set). */
export const itemReadingGroupsPages = (itemId: number): PagedQuery<EpcReadingGroup> => ({
  queryKey: trackingKeys.itemReadingGroups(itemId),
  fetchPage: (page) => getPage<EpcReadingGroup>(`/items/${itemId}/readingsets/`, page),
  pageSize: ITEM_READINGS_PAGE_SIZE,
  rowKey: (group) => group.readingSet,
});
