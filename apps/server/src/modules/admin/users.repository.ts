import type { locationUserListQuerySchema } from '@rfid/contract';
import { and, asc, eq, gte, ilike, inArray, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { apiTokens, locations, userLocations, users } from '../../db/schema/index.js';
import { escapeLike, pageOf } from '../../db/sql.js';
import { type VersionedWrite, versionedUpdate } from '../../db/versions.js';
import { buildFilters, buildOrderBy, type FilterSpec, orderColumns } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleLocations } from '../locations/location-scope.js';

export const userFilters: FilterSpec = {
  user__first_name: { column: users.firstName, lookups: ['icontains', 'exact'] },
  user__last_name: { column: users.lastName, lookups: ['icontains', 'exact'] },
  user__email: { column: users.email, lookups: ['icontains', 'exact'] },
  first_name: { column: users.firstName, lookups: ['icontains'] },
  last_name: { column: users.lastName, lookups: ['icontains'] },
  email: { column: users.email, lookups: ['icontains'] },
  editor: { column: users.editor, lookups: ['exact'], type: 'boolean' },
  user_role: { column: users.role, lookups: ['exact'], type: 'number' },
  /** Issue 29: active (true) or deactivated (false) users; both when absent. */
  is_active: { column: users.isActive, lookups: ['exact'], type: 'boolean' },
};
const userOrder = { id: users.id, ...orderColumns(userFilters, ['first_name', 'last_name', 'email', 'user_role']) };

const userColumns = {
  id: users.id,
  companyId: users.companyId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  editor: users.editor,
  version: users.version,
  isActive: users.isActive,
  deactivatedAt: users.deactivatedAt,
};
export type UserRow = {
  id: number;
  companyId: number;
  firstName: string;
  lastName: string;
  email: string;
  role: number;
  editor: boolean;
  /** One more on every edit (docs/concurrency.md). */
  version: number;
  /** false: deactivated (issue 29) since `deactivatedAt`. */
  isActive: boolean;
  deactivatedAt: Date | null;
};
export type UserLocation = { userId: number; id: number; description: string };
/** What an add or an edit writes: the user's row's fields, a new password's hash, and (re)activation. */
export type UserValues = Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'role' | 'editor'> & {
  passwordHash?: string;
  isActive?: boolean;
};

export const createUsersRepository = (db: Db) => ({
  /** Users of the company (active and deactivated; filter `is_active`) whose role is `minRole` or lower in rank. */
  async list(companyId: number, minRole: number, query: z.output<typeof locationUserListQuerySchema>, page: PageParams) {
    const search = typeof query.search === 'string' && query.search.trim() ? `%${escapeLike(query.search.trim())}%` : null;
    const where = and(
      eq(users.companyId, companyId),
      gte(users.role, minRole),
      search ? or(ilike(users.firstName, search), ilike(users.lastName, search), ilike(users.email, search)) : undefined,
      buildFilters(query, userFilters),
    );
    const order = buildOrderBy(query.order_by, userOrder, [asc(users.lastName), asc(users.firstName), asc(users.id)]);
    const selected = db.select(userColumns).from(users).where(where).$dynamic();
    return pageOf(db, selected, order, page);
  },

  async get(companyId: number, minRole: number, id: number): Promise<UserRow | undefined> {
    const [row] = await db
      .select(userColumns)
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, companyId), gte(users.role, minRole)))
      .limit(1);
    return row;
  },

  /** The locations of several users in one query. */
  async locationsOf(userIds: number[]): Promise<UserLocation[]> {
    if (!userIds.length) return [];
    return db
      .select({ userId: userLocations.userId, id: locations.id, description: locations.description })
      .from(userLocations)
      .innerJoin(locations, eq(locations.id, userLocations.locationId))
      .where(inArray(userLocations.userId, userIds))
      .orderBy(asc(locations.description));
  },

  /** Those of `ids` that are locations the user may see. */
  async visibleLocationIds(user: AuthUser, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.id, ids), visibleLocations(user)));
    return rows.map((r) => r.id);
  },

  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return Boolean(row && row.id !== exceptId);
  },

  /** The user and its locations, in one transaction. */
  async insert(companyId: number, values: UserValues & { passwordHash: string }, locationIds: number[]): Promise<number> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...values, companyId })
        .returning({ id: users.id });
      const id = row?.id as number;
      if (locationIds.length)
        await tx.insert(userLocations).values(locationIds.map((locationId) => ({ userId: id, locationId })));
      return id;
    });
  },

  /**
   * Updates the user and replaces its locations, in one transaction whose first statement checks the version (when
   * `expected` is given), bumps it and locks the row: a stale edit does nothing. A new password or a deactivation
   * revokes the user's tokens (in the database, so in every process at once), but for `keepTokenHash`:
   * the session of a user who changes its own password.
   */
  update: (
    id: number,
    values: UserValues,
    locationIds: number[],
    { expected, keepTokenHash }: { expected: number | undefined; keepTokenHash?: string | undefined },
  ): Promise<VersionedWrite> =>
    db.transaction(async (tx) => {
      const outcome = await versionedUpdate(tx, users, { id, expected, values });
      if (!('written' in outcome)) return outcome;
      if (values.passwordHash !== undefined)
        await tx.update(users).set({ passwordChangedAt: new Date() }).where(eq(users.id, id));
      if (values.passwordHash !== undefined || values.isActive === false) {
        const ofUser = eq(apiTokens.userId, id);
        await tx.delete(apiTokens).where(keepTokenHash ? and(ofUser, ne(apiTokens.tokenHash, keepTokenHash)) : ofUser);
      }
      await tx.delete(userLocations).where(eq(userLocations.userId, id));
      if (locationIds.length)
        await tx.insert(userLocations).values(locationIds.map((locationId) => ({ userId: id, locationId })));
      return outcome;
    }),

  /**
   * Deactivates (`active` false: deactivated_at now, and every session of the user ended in the same transaction) or
   * reactivates the user; version + 1. The user's API keys are refused while it is deactivated (api-keys.repository).
   */
  setActive: (id: number, active: boolean, at: Date): Promise<VersionedWrite> =>
    db.transaction(async (tx) => {
      const values = { isActive: active, deactivatedAt: active ? null : at };
      const outcome = await versionedUpdate(tx, users, { id, expected: undefined, values });
      if ('written' in outcome && !active) await tx.delete(apiTokens).where(eq(apiTokens.userId, id));
      return outcome;
    }),

  /** Deletes the user; the first statement checks the version (when `expected` is given) and locks the row. */
  remove: (id: number, expected: number | undefined): Promise<VersionedWrite> =>
    db.transaction(async (tx) => {
      const outcome = await versionedUpdate(tx, users, { id, expected, values: {} });
      if ('written' in outcome) await tx.delete(users).where(eq(users.id, id));
      return outcome;
    }),
});
export type UsersRepository = ReturnType<typeof createUsersRepository>;
