import { DEFAULT_TIME_ZONE } from '@rfid/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { foundOr, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { findVisibleLocation, timeZoneOfCompany, timeZoneOfLocation } from './location-scope.repository.js';

/** The scope rule itself (which locations a user sees) is in location-scope.repository.ts. */
export {
  companyLocationsByIds,
  type ListQuerySpec,
  visibleLocations,
  visibleRecords,
  visibleRow,
} from './location-scope.repository.js';

export type VisibleLocation = NonNullable<Awaited<ReturnType<typeof findVisibleLocation>>>;

/**
 * The locations each user object was let into, kept with it (issue 15, item 4). A user object lives as long as its
 * token's entry in the token cache (plugins/auth.ts): a few seconds, dropped on any write of this process and on every
 * `auth_changed` notification, which a change to a location also sends (migration 0021). Without the cache each
 * request has its own user object, so the same location is read once a request (the scope hook, then the handler).
 */
const visibleLocationsOf = new WeakMap<AuthUser, Map<number, VisibleLocation>>();

/** Loads a location the user may see, or throws 404. */
export const requireLocation = async (db: DbOrTx, user: AuthUser, locationId: number): Promise<VisibleLocation> => {
  const known = visibleLocationsOf.get(user)?.get(locationId);
  if (known) return known;
  const row = await foundOr(findVisibleLocation(db, user, locationId), 'location.not_found');
  const rows = visibleLocationsOf.get(user) ?? new Map<number, VisibleLocation>();
  rows.set(locationId, row);
  visibleLocationsOf.set(user, rows);
  return row;
};

/**
 * The time zone a company-wide list reads its date-only filters in (the user's company's zone);
 * a list about one location reads them in that location's zone (`requireLocation(…).timeZone`).
 */
export const companyTimeZone = async (db: DbOrTx, user: AuthUser): Promise<string> =>
  (await timeZoneOfCompany(db, user.companyId)) ?? DEFAULT_TIME_ZONE;

/**
 * The zone an export about a location writes its times in (the location's; the company's when there is none, e.g. an
 * order without that side). Only the zone is read: the caller has checked what the user may see.
 */
export const exportTimeZone = async (db: DbOrTx, user: AuthUser, locationId: number | null | undefined): Promise<string> =>
  (locationId ? await timeZoneOfLocation(db, user.companyId, locationId) : undefined) ?? (await companyTimeZone(db, user));

/**
 * The location of every `/api/locations/:id/…` route (and of any route with a `:locationId` parameter) is in the
 * user's scope before its handler runs, or the answer is 404: a route that forgets to check its location
 * (`/locations/{id}/providers/{pid}/` did) cannot disclose anything through another location's id.
 */
export const locationScopeHook = (app: FastifyInstance, db: DbOrTx): void => {
  // A callback hook: most requests have nothing to check, and those answer without a promise's turn.
  app.addHook('preHandler', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (!route || !request.user) return done();
    const key = route.includes('/:locationId') ? 'locationId' : route.startsWith('/api/locations/:id/') ? 'id' : null;
    if (!key) return done();
    const id = Number((request.params as Record<string, unknown>)[key]);
    // A malformed id was refused by the route's schema; an integer one must be a location the user sees.
    if (!Number.isSafeInteger(id) || id <= 0) return done(notFound('location.not_found'));
    const user = request.user;
    if (user.locationIds !== null && !user.locationIds.includes(id)) return done(notFound('location.not_found'));
    // Known to be visible already (requireLocation's per-user memo): nothing to wait for.
    if (visibleLocationsOf.get(user)?.has(id)) return done();
    requireLocation(db, user, id).then(() => done(), done);
  });
};
