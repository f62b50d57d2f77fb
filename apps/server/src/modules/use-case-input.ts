import type { PageParams } from '../http/paging.js';
import type { AuthUser } from '../plugins/auth.js';

/**
 * What a use case of one request gets: the user, the id the URL names (`Key`: `id`, `locationId`, `areaId`) and the
 * request's validated parts (`Parts`: its query or body, its page or the time it runs at).
 */
export type RequestInput<Key extends string, Parts> = { user: AuthUser } & { [K in Key]: number } & Parts;

/** A page of a list the URL's id names: its validated query and the page asked. */
export type PageRequestInput<Key extends string, Query> = RequestInput<Key, { query: Query; page: PageParams }>;

/**
 * A page of a location's records of one kind, as a repository lists it (returns, POS sales and returns): the kind,
 * the location, the validated query, the page and the time zone its date filters are days of.
 */
export type LocationKindPage<Kind extends string, Query> = {
  kind: Kind;
  locationId: number;
  query: Query;
  page: PageParams;
  timeZone: string;
};
