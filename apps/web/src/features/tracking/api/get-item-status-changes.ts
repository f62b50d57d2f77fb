import type { ItemStatusChange } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

export const ITEM_STATUS_CHANGES_PAGE_SIZE = 5;

/** GET /items/{id}/status_changes/: the item's status history, newest first, as a paged table reads it. */
export const itemStatusChangesPages = (itemId: number): PagedQuery<ItemStatusChange> => ({
  queryKey: trackingKeys.itemStatusChanges(itemId),
  fetchPage: (page) => getPage<ItemStatusChange>(`/items/${itemId}/status_changes/`, page),
  pageSize: ITEM_STATUS_CHANGES_PAGE_SIZE,
});
