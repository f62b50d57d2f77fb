import type { VersionedWrite } from '../../../db/versions.js';
import { fieldError } from '../../../http/errors.js';
import { requireFresh, type VersionedTarget, writtenVersion } from '../../../http/versions.js';
import type { UserRow } from '../users.repository.js';
import { CANNOT_DELETE_SELF, minRole } from '../users.service.js';
import { USER_MESSAGES } from './update-location-user.js';

/** What deleting a location user reads and writes. */
export type DeleteLocationUserRepository = {
  get(companyId: number, minRole: number, id: number): Promise<UserRow | undefined>;
  /** Deletes it in one transaction whose first statement checks `expected` (when given) and locks the row. */
  remove(id: number, expected: number | undefined): Promise<VersionedWrite>;
};

/** The version is the one the deletion was asked from (If-Match); undefined: the user as it is now. */
export type DeleteLocationUserInput = VersionedTarget;

/**
 * DELETE /api/locationusers/{id}/: never one's own user. Asked from an older version than the user's (someone edited
 * it since), nothing is deleted (409, docs/concurrency.md).
 */
export const createDeleteLocationUser =
  ({ repo }: { repo: DeleteLocationUserRepository }) =>
  async ({ user, id, version }: DeleteLocationUserInput): Promise<void> => {
    requireFresh(await repo.get(user.companyId, minRole(user), id), version, USER_MESSAGES);
    if (id === user.id) throw fieldError('non_field_errors', CANNOT_DELETE_SELF);
    writtenVersion(await repo.remove(id, version), USER_MESSAGES);
  };
