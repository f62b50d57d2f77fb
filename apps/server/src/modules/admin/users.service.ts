import { hash } from '@node-rs/argon2';
import {
  type CompanyUser,
  type companyUserBodySchema,
  type LocationUser,
  type locationUserCreateBodySchema,
  type locationUserListQuerySchema,
  Role,
  RoleThreshold,
} from '@rfid/contract';
import type { z } from 'zod';
import { AppError, fieldError, forbidden, foundOr, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { assertNewPassword } from '../auth/password-policy.js';
import { guardUnique } from './admin-scope.js';
import type { UserLocation, UserRow, UsersRepository } from './users.repository.js';

/** The user's columns from its form (the password apart). */
export const profileValues = (body: { first_name: string; last_name: string; email: string; editor: boolean }, role: number) => ({
  firstName: body.first_name,
  lastName: body.last_name,
  email: body.email,
  role,
  editor: body.editor,
});

export const EMAIL_TAKEN = 'admin.email_taken';
export const ROLE_ABOVE_OWN = 'admin.role_above_own';
export const CANNOT_DELETE_SELF = 'admin.cannot_delete_self';
export const CANNOT_DEACTIVATE_SELF = 'admin.cannot_deactivate_self';

/** Location users are roles 2 to 5 (role 1 users are company users, added apart). */
const LOWEST_LOCATION_USER_ROLE: number = Role.BrandManager;

/** The role a new location user gets: the one asked for, else editor → 3, visualizer → 5. */
export const roleFor = (body: { user_role?: number | undefined; editor: boolean }): number =>
  body.user_role ?? (body.editor ? Role.LocationEditor : Role.Visualizer);

/** A creator may give its own role or a lower one (a larger number), never a higher one. */
export const mayGiveRole = (creatorRole: number, role: number): boolean => role >= creatorRole;

export const toDto = (row: UserRow, locs: UserLocation[]): LocationUser => {
  const mine = locs.filter((l) => l.userId === row.id);
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    editor: row.editor,
    user_role: row.role,
    locations: mine.map((l) => l.id),
    locations_detail: mine.map((l) => ({ id: l.id, description: l.description })),
    version: row.version,
    is_active: row.isActive,
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
  };
};

export const emailConflict = () => new AppError('CONFLICT', { message: EMAIL_TAKEN, errors: { email: [EMAIL_TAKEN] } });

/** Who the caller may see and edit: location users not above the caller's own role. */
export const minRole = (user: AuthUser) => Math.max(user.role, LOWEST_LOCATION_USER_ROLE);

/** The role is one the caller may give, and one of a location user. */
export const checkRole = (user: AuthUser, role: number) => {
  if (!mayGiveRole(user.role, role)) throw forbidden(ROLE_ABOVE_OWN);
  if (role < LOWEST_LOCATION_USER_ROLE) throw fieldError('user_role', 'admin.location_user_role');
};

/** Every location must be one of the caller's company that the caller may see; answers them once each. */
export const checkLocations = async (
  repo: { visibleLocationIds(user: AuthUser, ids: number[]): Promise<number[]> },
  user: AuthUser,
  ids: number[],
) => {
  const unique = [...new Set(ids)];
  const found = await repo.visibleLocationIds(user, unique);
  if (found.length !== unique.length) throw notFound('location.not_found');
  return unique;
};

/** A write that breaks the unique e-mail answers 409 (two adds of one e-mail at once). */
export const guardEmail = guardUnique(emailConflict);

export const createUsersService = ({ repo }: { repo: UsersRepository }) => {
  const load = (user: AuthUser, id: number) => foundOr(repo.get(user.companyId, minRole(user), id), 'admin.user_not_found');
  const dto = async (row: UserRow) => toDto(row, await repo.locationsOf([row.id]));

  return {
    async list(user: AuthUser, query: z.output<typeof locationUserListQuerySchema>, page: PageParams) {
      const { count, rows } = await repo.list(user.companyId, minRole(user), query, page);
      const locs = await repo.locationsOf(rows.map((r) => r.id));
      return { count, rows: rows.map((r) => toDto(r, locs)) };
    },

    get: async (user: AuthUser, id: number) => dto(await load(user, id)),

    async create(user: AuthUser, body: z.output<typeof locationUserCreateBodySchema>) {
      const role = roleFor(body);
      checkRole(user, role);
      assertNewPassword(body.password, body.email);
      const locationIds = await checkLocations(repo, user, body.locations);
      if (await repo.emailTaken(body.email)) throw emailConflict();
      const values = { ...profileValues(body, role), passwordHash: await hash(body.password) };
      const id = await guardEmail(() => repo.insert(user.companyId, values, locationIds));
      return dto(await load(user, id));
    },

    /** A company-wide user (role 1) of the caller's own company. */
    async createCompanyUser(user: AuthUser, body: z.output<typeof companyUserBodySchema>): Promise<CompanyUser> {
      if (user.role > RoleThreshold.companyUser) throw forbidden();
      if (body.company !== user.companyId) throw notFound('admin.company_not_found');
      assertNewPassword(body.password, body.email);
      if (await repo.emailTaken(body.email)) throw emailConflict();
      const values = {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        role: Role.CompanyAdmin,
        editor: true,
        passwordHash: await hash(body.password),
      };
      const id = await guardEmail(() => repo.insert(user.companyId, values, []));
      return {
        id,
        first_name: values.firstName,
        last_name: values.lastName,
        email: values.email,
        company: user.companyId,
        user_role: values.role,
      };
    },
  };
};
