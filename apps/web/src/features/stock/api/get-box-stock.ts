import type { BoxStockRow } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

/** GET /boxstock/?location=: the boxes last read in any area of a location. */
export const getBoxStock = (locationId: number, codebar: string, page: PageParams) =>
  getPage<BoxStockRow>('/boxstock/', page, { query: { location: locationId, codebar__icontains: codebar } });
