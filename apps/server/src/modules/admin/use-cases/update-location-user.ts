import { hash } from '@node-rs/argon2';
import type { LocationUser, locationUserUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { VersionedWrite } from '../../../db/versions.js';
import { requireFound, requireFresh, type VersionedEdit, type VersionMessages, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { assertNewPassword } from '../../auth/password-policy.js';
import type { UserLocation, UserRow, UserValues } from '../users.repository.js';
import {
  checkLocations,
  checkRole,
  emailConflict,
  guardEmail,
  minRole,
  profileValues,
  roleFor,
  toDto,
} from '../users.service.js';

export const USER_CHANGED = 'admin.user_changed';
/** A user someone else changed (409), or one the caller may not see (404). */
export const USER_MESSAGES: VersionMessages = { stale: USER_CHANGED, missing: 'admin.user_not_found' };

/** What editing a location user reads and writes. */
export type UpdateLocationUserRepository = {
  get(companyId: number, minRole: number, id: number): Promise<UserRow | undefined>;
  locationsOf(userIds: number[]): Promise<UserLocation[]>;
  visibleLocationIds(user: AuthUser, ids: number[]): Promise<number[]>;
  emailTaken(email: string, exceptId?: number): Promise<boolean>;
  /** One transaction whose first statement writes the values and version + 1, only from `expected` when given. */
  update(
    id: number,
    values: UserValues,
    locationIds: number[],
    options: { expected: number | undefined; keepTokenHash?: string | undefined },
  ): Promise<VersionedWrite>;
};

export type UpdateLocationUserInput = VersionedEdit<z.output<typeof locationUserUpdateBodySchema>>;

/**
 * PUT /api/locationusers/{id}/ (also how a user changes its own password): an empty password keeps the old one; a new
 * one must pass the password rules (auth/password-policy.ts) and ends the user's other sessions. An edit
 * made from an older version changes nothing (409, docs/concurrency.md).
 */
export const createUpdateLocationUser =
  ({ repo, hashPassword = hash }: { repo: UpdateLocationUserRepository; hashPassword?: (password: string) => Promise<string> }) =>
  async ({ user, id, body, version }: UpdateLocationUserInput): Promise<LocationUser> => {
    const current = requireFresh(await repo.get(user.companyId, minRole(user), id), version, USER_MESSAGES);
    const role = body.user_role ?? (body.editor === current.editor ? current.role : roleFor({ editor: body.editor }));
    checkRole(user, role);
    if (body.password) assertNewPassword(body.password, body.email);
    const locationIds = await checkLocations(repo, user, body.locations);
    if (await repo.emailTaken(body.email, id)) throw emailConflict();
    const values: UserValues = {
      ...profileValues(body, role),
      ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
    };
    // A new password ends the user's other sessions (repo.update revokes its tokens); the caller's own stays.
    const keepTokenHash = id === user.id ? user.tokenHash : undefined;
    const outcome = await guardEmail(() => repo.update(id, values, locationIds, { expected: version, keepTokenHash }));
    writtenVersion(outcome, USER_MESSAGES);
    const updated = requireFound(await repo.get(user.companyId, minRole(user), id), USER_MESSAGES);
    return toDto(updated, await repo.locationsOf([updated.id]));
  };
