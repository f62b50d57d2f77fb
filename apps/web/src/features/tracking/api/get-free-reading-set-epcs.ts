import type { ReadingSetEpc } from '@rfid/contract';
import { getPage, type PageWindow } from '../../../lib/api-client';

/** GET /free_reading_set/{id}/epcs/: the distinct EPCs of the set with their GTIN, paged. */
export const getFreeReadingSetEpcs = (id: string, page: PageWindow) =>
  getPage<ReadingSetEpc>(`/free_reading_set/${id}/epcs/`, page);
