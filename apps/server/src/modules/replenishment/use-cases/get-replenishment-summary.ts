import type { ReplenishmentSummary } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { ReplenishmentRepository } from '../replenishment.repository.js';
import { storeDay } from './store-day.js';

/**
 * GET /api/locations/{id}/replenishment/summary/: the store dashboard's card: NOSBOS ("not on shelf but in stock": GTINs
 * with none on the floor and some in the stockroom) and the pick list's lines and units.
 */
export const getReplenishmentSummary = async (
  repo: Pick<ReplenishmentRepository, 'store' | 'summary'>,
  user: AuthUser,
  { locationId, now = new Date() }: { locationId: number; now?: Date },
): Promise<ReplenishmentSummary> => {
  const store = await repo.store(user, locationId);
  return repo.summary({ locationId: store.id, companyId: store.companyId, dayStart: storeDay(store.timeZone, now).dayStart });
};
