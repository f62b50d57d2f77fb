import type { AvailabilityQuery, AvailabilityRow } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { AvailabilityFilters, AvailabilityRepository } from '../availability.repository.js';

export type ListAvailabilityRepository = Pick<AvailabilityRepository, 'availabilityPage' | 'availabilityAll'> & {
  /** A location the user may see, else a 404 (location-scope.ts `requireLocation`). */
  location(user: AuthUser, locationId: number): Promise<unknown>;
};

const filtersOf = (query: AvailabilityQuery): AvailabilityFilters => ({
  gtin: query.gtin || undefined,
  model: query.model || undefined,
  section: query.section || undefined,
});

/**
 * GET /locations/{id}/availability/ (every role, in its scope): per GTIN of the location's STOCKED items, in stock, on
 * the floor, in the stockroom, sellable, reserved and available to promise (availability.rules.ts), filtered by GTIN,
 * model and section, by GTIN.
 */
export const listAvailability = async (
  repo: ListAvailabilityRepository,
  user: AuthUser,
  { locationId, query, page }: { locationId: number; query: AvailabilityQuery; page: PageParams },
): Promise<{ count: number; results: AvailabilityRow[] }> => {
  await repo.location(user, locationId);
  const { count, rows } = await repo.availabilityPage(locationId, filtersOf(query), page);
  return { count, results: rows };
};

/** GET /locations/{id}/availability.csv: the same rows, every one of them (one a GTIN). */
export const availabilityFeed = async (
  repo: ListAvailabilityRepository,
  user: AuthUser,
  { locationId, query }: { locationId: number; query: AvailabilityQuery },
): Promise<AvailabilityRow[]> => {
  await repo.location(user, locationId);
  return repo.availabilityAll(locationId, filtersOf(query));
};
