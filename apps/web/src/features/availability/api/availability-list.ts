import { AVAILABILITY_PAGE_SIZE, type AvailabilityRow } from '@rfid/contract';
import type { PagedQuery } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { availabilityKeys } from '../keys';

export type AvailabilityFilters = { gtin: string; model: string; section: string };

/** The filters as the API takes them: empty ones left out. */
export const availabilityQuery = (filters: AvailabilityFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));

/** GET /locations/{id}/availability/ (gtin, model, section): per GTIN, in stock, on the floor … available to promise. */
export const availabilityPages = (locationId: number, filters: AvailabilityFilters): PagedQuery<AvailabilityRow> => ({
  queryKey: availabilityKeys.list(locationId, filters),
  fetchPage: (page) =>
    getPage<AvailabilityRow>(`/locations/${locationId}/availability/`, page, { query: availabilityQuery(filters) }),
  pageSize: AVAILABILITY_PAGE_SIZE,
  rowKey: (row) => row.gtin,
});

/** The CSV feed of the same rows (GET /locations/{id}/availability.csv). */
export const availabilityCsvPath = (locationId: number) => `/locations/${locationId}/availability.csv`;
