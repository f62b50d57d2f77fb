import type { VersionedWrite } from '../../../db/versions.js';
import { fieldError, notFound } from '../../../http/errors.js';
import { assertFresh, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { UserRow } from '../users.repository.js';
import { CANNOT_DELETE_SELF, minRole } from '../users.service.js';
import { USER_CHANGED, USER_NOT_FOUND } from './update-location-user.js';

/** What deleting a location user reads and writes. */
export type DeleteLocationUserRepository = {
  get(companyId: number, minRole: number, id: number): Promise<UserRow | undefined>;
  /** Deletes it in one transaction whose first statement checks `expected` (when given) and locks the row. */
  remove(id: number, expected: number | undefined): Promise<VersionedWrite>;
};

export type DeleteLocationUserInput = {
  user: AuthUser;
  id: number;
  /** The version the deletion was asked from (If-Match); undefined: whatever the user is now. */
  version: number | undefined;
};

/**
 * DELETE /api/locationusers/{id}/: never one's own user. Asked from an older version than the user's (someone edited
 * it since), nothing is deleted (409, docs/concurrency.md).
 */
export const createDeleteLocationUser =
  ({ repo }: { repo: DeleteLocationUserRepository }) =>
  async ({ user, id, version }: DeleteLocationUserInput): Promise<void> => {
    const current = await repo.get(user.companyId, minRole(user), id);
    if (!current) throw notFound(USER_NOT_FOUND);
    if (id === user.id) throw fieldError('non_field_errors', CANNOT_DELETE_SELF);
    assertFresh(version, current.version, USER_CHANGED);
    writtenVersion(await repo.remove(id, version), { stale: USER_CHANGED, notFound: () => notFound(USER_NOT_FOUND) });
  };
