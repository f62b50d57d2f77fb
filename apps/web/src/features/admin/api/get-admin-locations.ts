import type { Page } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';
import type { AdminLocation } from './types';

export type LocationFilters = { description__icontains: string; code__icontains: string };
export const LOCATIONS_PAGE_SIZE = 20;

/** GET /locations/: the admin list, filtered by description and code. */
export const getAdminLocations = ({ signal, ...filters }: Partial<LocationFilters> & PageParams & { order_by?: string }) =>
  apiRequest<Page<AdminLocation>>('/locations/', { query: { order_by: 'description', ...filters }, signal });
