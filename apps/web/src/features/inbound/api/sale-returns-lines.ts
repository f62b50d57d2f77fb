import type { ReturnLine } from '@rfid/contract';
import { getPage, type PageWindow } from '../../../lib/api-client';

/** GET /sale_returns/{id}/detail/: the return's lines per GTIN, ordered by GTIN (100 per page). */
export const getSaleReturnLines = (id: string | number, page: PageWindow) =>
  getPage<ReturnLine>(`/sale_returns/${id}/detail/`, page);
