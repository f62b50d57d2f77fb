import type { ReturnLine } from '@rfid/contract';
import { getPage, type PageWindow } from '../../../lib/api-client';

/** GET /provider_returns/{id}/detail/: the return's lines per GTIN, ordered by GTIN (100 per page). */
export const getProviderReturnLines = (id: string | number, page: PageWindow) =>
  getPage<ReturnLine>(`/provider_returns/${id}/detail/`, page);
