import type { FreeReadingSet } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

/** Default page size of the spec (section 9). */
export const FREE_READING_SETS_PAGE_SIZE = 20;

/**
 * GET /locations/{id}/free_reading_sets/ as a paged table reads it: the location's reading sets that nothing claimed,
 * newest first.
 */
export const freeReadingSetsPages = (locationId: number): PagedQuery<FreeReadingSet> => ({
  queryKey: trackingKeys.freeReadingSets(locationId),
  fetchPage: (page) => getPage<FreeReadingSet>(`/locations/${locationId}/free_reading_sets/`, page),
  pageSize: FREE_READING_SETS_PAGE_SIZE,
});
