import { hash } from '@node-rs/argon2';
import type { LocationUser, locationUserUpdateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { VersionedWrite } from '../../../db/versions.js';
import { notFound } from '../../../http/errors.js';
import { assertFresh, writtenVersion } from '../../../http/versions.js';
import type { AuthUser } from '../../../plugins/auth.js';
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
export const USER_NOT_FOUND = 'admin.user_not_found';

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

export type UpdateLocationUserInput = {
  user: AuthUser;
  id: number;
  body: z.output<typeof locationUserUpdateBodySchema>;
  /** The version the edit was made from (If-Match or the body's); undefined: unconditional. */
  version: number | undefined;
};

/**
 * PUT /api/locationusers/{id}/: an empty password keeps the old one; a new one ends the user's other sessions. An edit
 * made from an older version changes nothing (409, docs/concurrency.md).
 */
export const createUpdateLocationUser =
  ({ repo, hashPassword = hash }: { repo: UpdateLocationUserRepository; hashPassword?: (password: string) => Promise<string> }) =>
  async ({ user, id, body, version }: UpdateLocationUserInput): Promise<LocationUser> => {
    const load = async () => {
      const row = await repo.get(user.companyId, minRole(user), id);
      if (!row) throw notFound(USER_NOT_FOUND);
      return row;
    };
    const current = await load();
    assertFresh(version, current.version, USER_CHANGED);
    const role = body.user_role ?? (body.editor === current.editor ? current.role : roleFor({ editor: body.editor }));
    checkRole(user, role);
    const locationIds = await checkLocations(repo, user, body.locations);
    if (await repo.emailTaken(body.email, id)) throw emailConflict();
    const values: UserValues = {
      ...profileValues(body, role),
      ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
    };
    // A new password ends the user's other sessions (repo.update revokes its tokens); the caller's own stays.
    const keepTokenHash = id === user.id ? user.tokenHash : undefined;
    const outcome = await guardEmail(() => repo.update(id, values, locationIds, { expected: version, keepTokenHash }));
    writtenVersion(outcome, { stale: USER_CHANGED, notFound: () => notFound(USER_NOT_FOUND) });
    const updated = await load();
    return toDto(updated, await repo.locationsOf([updated.id]));
  };
