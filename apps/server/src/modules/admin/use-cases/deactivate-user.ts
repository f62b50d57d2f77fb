import type { LocationUser } from '@rfid/contract';
import type { VersionedWrite } from '../../../db/versions.js';
import { fieldError } from '../../../http/errors.js';
import { requireFound, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { UserLocation, UserRow } from '../users.repository.js';
import { CANNOT_DEACTIVATE_SELF, minRole, toDto } from '../users.service.js';
import { USER_MESSAGES } from './update-location-user.js';

/** What deactivating or reactivating a user reads and writes. */
export type SetUserActiveRepository = {
  get(companyId: number, minRole: number, id: number): Promise<UserRow | undefined>;
  locationsOf(userIds: number[]): Promise<UserLocation[]>;
  /** Sets is_active and deactivated_at (version + 1); a deactivation also ends every session of the user. */
  setActive(id: number, active: boolean, at: Date): Promise<VersionedWrite>;
};

export type SetUserActiveDeps = { repo: SetUserActiveRepository; now?: () => Date };
export type SetUserActiveInput = { user: AuthUser; id: number };

/** The user as the caller may see it (the same rule as editing: its company, a role not above the caller's), or 404. */
export const loadUser = async (repo: SetUserActiveRepository, user: AuthUser, id: number): Promise<UserRow> =>
  requireFound(await repo.get(user.companyId, minRole(user), id), USER_MESSAGES);

/** Writes the state and answers the user as it is now. */
export const writeActive = async (
  { repo, now = () => new Date() }: SetUserActiveDeps,
  user: AuthUser,
  row: UserRow,
  active: boolean,
) => {
  if (row.isActive !== active) writtenVersion(await repo.setActive(row.id, active, now()), USER_MESSAGES);
  const updated = await loadUser(repo, user, row.id);
  return toDto(updated, await repo.locationsOf([updated.id]));
};

/**
 * POST /api/locationusers/{id}/deactivate/ (roles 1–2, the rules of editing a user): the user can no longer sign in,
 * every session of theirs ends at once (in every process), and the API keys they created are refused while they stay
 * deactivated. Never one's own user (400). A deactivated user is answered as it is (nothing changes).
 */
export const createDeactivateUser =
  (deps: SetUserActiveDeps) =>
  async ({ user, id }: SetUserActiveInput): Promise<LocationUser> => {
    const row = await loadUser(deps.repo, user, id);
    if (id === user.id) throw fieldError('non_field_errors', CANNOT_DEACTIVATE_SELF);
    return writeActive(deps, user, row, false);
  };
