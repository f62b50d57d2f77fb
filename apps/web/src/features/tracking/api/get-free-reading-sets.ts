import type { FreeReadingSet } from '@rfid/contract';
import { getPage, type PageWindow } from '../../../lib/api-client';

/** GET /locations/{id}/free_reading_sets/: the location's reading sets that nothing claimed, newest first. */
export const getFreeReadingSets = (locationId: number, page: PageWindow) =>
  getPage<FreeReadingSet>(`/locations/${locationId}/free_reading_sets/`, page);
