import type { ItemStatusChange } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { AvailabilityRepository, StatusChangeRow } from '../availability.repository.js';

export const toStatusChange = (row: StatusChangeRow): ItemStatusChange => ({
  id: row.id,
  from_status: row.from_status,
  to_status: row.to_status,
  reference: row.reference,
  reason: row.reason,
  user: row.user_email,
  location: row.location_id,
  at: row.at.toISOString(),
});

/** GET /items/{id}/status_changes/: an item's status history, newest first; an item the user does not see is a 404. */
export const listStatusChanges = async (
  repo: Pick<AvailabilityRepository, 'visibleItem' | 'statusChanges'>,
  user: AuthUser,
  { itemId, page }: { itemId: number; page: PageParams },
): Promise<{ count: number; results: ItemStatusChange[] }> => {
  if ((await repo.visibleItem(user, itemId)) === undefined) throw notFound('tracking.item_not_found');
  const { count, rows } = await repo.statusChanges(itemId, page);
  return { count, results: rows.map(toStatusChange) };
};
