import type { PickAnswer, PickInput } from '@rfid/contract';
import { conflict, fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PickRow, ReplenishmentRepository, StoredPick } from '../replenishment.repository.js';

const answerOf = (row: PickRow): PickAnswer => ({
  id: row.id,
  gtin: row.gtin,
  status: row.status,
  quantity: row.quantity,
  at: row.at.toISOString(),
});

/**
 * A pick stored before under the app's id: the same user's, at the same store, of the same GTIN and status is the first
 * call resent (its answer again); anything else took the id for another pick (409, which is not disclosed).
 */
const replayOf = (stored: StoredPick, user: AuthUser, locationId: number, body: PickInput): PickAnswer => {
  if (
    stored.location_id !== locationId ||
    stored.user_id !== user.id ||
    stored.gtin !== body.gtin ||
    stored.status !== body.status
  ) {
    throw conflict('replenishment.pick_id_taken');
  }
  return answerOf(stored);
};

/**
 * POST /api/locations/{id}/replenishment/picks/: a phone worked a line of the pick list. `skipped` hides the GTIN's line
 * for the rest of the store's day; `picked` marks it with the units taken until the floor reader or a handheld sees
 * them on the floor (their move raises on_floor and the line goes). The last pick of the day is the line's state. A
 * GTIN the store holds no STOCKED unit of is refused (400 on `gtin`). With the app's `id` (the handheld's queue, issue
 * 32) a resend stores nothing and answers the first pick (`isCreated: false`), like the handheld's reading sets.
 */
export const recordPick = async (
  repo: Pick<ReplenishmentRepository, 'store' | 'hasGtin' | 'addPick' | 'pickByClientId'>,
  user: AuthUser,
  { locationId, body }: { locationId: number; body: PickInput },
): Promise<{ pick: PickAnswer; isCreated: boolean }> => {
  const store = await repo.store(user, locationId);
  const clientId = body.id?.toLowerCase();
  if (clientId) {
    const stored = await repo.pickByClientId(clientId);
    if (stored) return { pick: replayOf(stored, user, store.id, body), isCreated: false };
  }
  if (!(await repo.hasGtin(store.id, body.gtin))) throw fieldError('gtin', 'replenishment.gtin_not_in_store');
  const row = await repo.addPick({
    locationId: store.id,
    gtin: body.gtin,
    status: body.status,
    quantity: body.quantity ?? (body.status === 'picked' ? 1 : 0),
    userId: user.id,
    clientId,
  });
  if (row) return { pick: answerOf(row), isCreated: true };
  // Another request stored this id between the look-up and the insert: its pick is the answer.
  const stored = clientId ? await repo.pickByClientId(clientId) : undefined;
  if (!stored) throw new Error('the pick was not stored');
  return { pick: replayOf(stored, user, store.id, body), isCreated: false };
};
