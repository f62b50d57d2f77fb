import type { Page } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { Area } from './types';

export const LOCATION_AREAS_PAGE_SIZE = LIST_PAGE_SIZE;

/** GET /locations/{id}/areas/: the location's areas, paged. */
export const getLocationAreas = (id: number, { limit, offset, signal }: PageParams) =>
  apiRequest<Page<Area>>(`/locations/${id}/areas/`, { query: { limit, offset }, signal });

export const locationAreasQueryKey = (id: number) => adminKeys.locationAreas(id);

/** The location's areas as a paged table reads them. */
export const locationAreasPages = (id: number): PagedQuery<Area> => ({
  queryKey: locationAreasQueryKey(id),
  fetchPage: (page) => getLocationAreas(id, page),
  pageSize: LOCATION_AREAS_PAGE_SIZE,
});
