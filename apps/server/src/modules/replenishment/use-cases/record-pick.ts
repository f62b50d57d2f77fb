import type { PickAnswer, PickInput } from '@rfid/contract';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { ReplenishmentRepository } from '../replenishment.repository.js';

/**
 * POST /api/locations/{id}/replenishment/picks/: a phone worked a line of the pick list. `skipped` hides the GTIN's line
 * for the rest of the store's day; `picked` marks it with the units taken until the floor reader or a handheld sees
 * them on the floor (their move raises on_floor and the line goes). The last pick of the day is the line's state. A
 * GTIN the store holds no STOCKED unit of is refused (400 on `gtin`).
 */
export const recordPick = async (
  repo: Pick<ReplenishmentRepository, 'store' | 'hasGtin' | 'addPick'>,
  user: AuthUser,
  { locationId, body }: { locationId: number; body: PickInput },
): Promise<PickAnswer> => {
  const store = await repo.store(user, locationId);
  if (!(await repo.hasGtin(store.id, body.gtin))) throw fieldError('gtin', 'replenishment.gtin_not_in_store');
  const row = await repo.addPick({
    locationId: store.id,
    gtin: body.gtin,
    status: body.status,
    quantity: body.quantity ?? (body.status === 'picked' ? 1 : 0),
    userId: user.id,
  });
  return { ...row, at: row.at.toISOString() };
};
