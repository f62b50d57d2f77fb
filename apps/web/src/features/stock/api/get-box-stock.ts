import type { BoxStockRow, Page } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';

export type BoxStockFilters = { location: number; area: string; codebar: string };

/** GET /boxstock/?location=: the boxes last read in any area of a location. */
export const getBoxStock = (locationId: number, codebar: string, page: PageParams) =>
  apiRequest<Page<BoxStockRow>>('/boxstock/', {
    query: { location: locationId, codebar__icontains: codebar, limit: page.limit, offset: page.offset },
    signal: page.signal,
  });
