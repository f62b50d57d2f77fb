import type { FloorTargetInput, FloorTargets } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { ReplenishmentRepository } from '../replenishment.repository.js';

export type FloorTargetsRepository = Pick<
  ReplenishmentRepository,
  'store' | 'targets' | 'setDefault' | 'upsertTarget' | 'deleteTarget'
>;

/** GET /api/locations/{id}/floor_targets/: the store's default target and its overrides (sections first, then GTINs). */
export const listFloorTargets = async (
  repo: FloorTargetsRepository,
  user: AuthUser,
  locationId: number,
): Promise<FloorTargets> => {
  const store = await repo.store(user, locationId);
  const rows = await repo.targets(store.id, store.companyId);
  return {
    default: store.floorTargetDefault,
    overrides: rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() })),
  };
};

/**
 * PUT /api/locations/{id}/floor_targets/: sets the target of one GTIN or one section (inserted or replaced), or the
 * store's default when the body names neither; answers the targets as they are now.
 */
export const setFloorTarget = async (
  repo: FloorTargetsRepository,
  user: AuthUser,
  { locationId, body }: { locationId: number; body: FloorTargetInput },
): Promise<FloorTargets> => {
  const store = await repo.store(user, locationId);
  if (body.gtin === undefined && body.section === undefined) await repo.setDefault(store.id, body.target);
  else
    await repo.upsertTarget({
      locationId: store.id,
      gtin: body.gtin ?? null,
      section: body.section ?? null,
      target: body.target,
    });
  return listFloorTargets(repo, user, locationId);
};

/** DELETE /api/locations/{id}/floor_targets/{targetId}/: the override goes (its section's or the default applies); 404 if not the store's. */
export const deleteFloorTarget = async (
  repo: FloorTargetsRepository,
  user: AuthUser,
  { locationId, targetId }: { locationId: number; targetId: number },
): Promise<void> => {
  const store = await repo.store(user, locationId);
  if (!(await repo.deleteTarget(store.id, targetId))) throw notFound('replenishment.target_not_found');
};
