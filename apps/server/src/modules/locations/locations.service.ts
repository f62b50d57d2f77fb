import { DEFAULT_TIME_ZONE, type locationListQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { foundOr } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createLocationsRepository, type LocationRow } from './locations.repository.js';

export type LocationKind = 'center' | 'store';

/**
 * The locations module's rules: the lists and details a user may see, and the time zones of locations
 * (issue 14: every location's days are the days of its IANA zone).
 */
export const createLocationsService = (db: Db) => {
  const repo = createLocationsRepository(db);
  return {
    list: (
      user: AuthUser,
      query: z.output<typeof locationListQuerySchema>,
      page: PageParams,
      options: { kind?: LocationKind; defaultOrder?: 'id' | 'description' },
    ) => repo.listLocations(user, query, page, options),

    async get(user: AuthUser, id: number): Promise<LocationRow> {
      return foundOr(repo.getLocation(user, id), 'location.not_found');
    },

    brands: (user: AuthUser, query: z.output<typeof locationListQuerySchema>, page: PageParams) =>
      repo.listBrands(user, query, page),
    companies: (user: AuthUser, query: z.output<typeof locationListQuerySchema>, page: PageParams) =>
      repo.listCompanies(user, query, page),

    /** The zone of every location (all of them when `ids` is left out). */
    timeZones: (ids?: readonly number[]) => repo.timeZones(ids),

    /**
     * The one zone of a scope of several locations (a company's or a brand's dashboard): the zone they
     * share, or the company's when they differ (or there are none).
     */
    async scopeTimeZone({ companyId, locationIds }: { companyId: number; locationIds: readonly number[] }): Promise<string> {
      const zones = new Set((await repo.timeZones(locationIds)).values());
      if (zones.size === 1) return [...zones][0] as string;
      return (await repo.companyTimeZone(companyId)) ?? DEFAULT_TIME_ZONE;
    },
  };
};
export type LocationsService = ReturnType<typeof createLocationsService>;
