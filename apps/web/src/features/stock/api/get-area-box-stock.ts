import type { BoxStockRow } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

/** GET /areas/{id}/boxstock/: the boxes last read in an area. */
export const getAreaBoxStock = (areaId: number, codebar: string, page: PageParams) =>
  getPage<BoxStockRow>(`/areas/${areaId}/boxstock/`, page, { query: { codebar__icontains: codebar } });
