import type { BoxStockRow, Page } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { apiRequest } from '../../../lib/api-client';

/** GET /areas/{id}/boxstock/: the boxes last read in an area. */
export const getAreaBoxStock = (areaId: number, codebar: string, page: PageParams) =>
  apiRequest<Page<BoxStockRow>>(`/areas/${areaId}/boxstock/`, {
    query: { codebar__icontains: codebar, limit: page.limit, offset: page.offset },
    signal: page.signal,
  });
