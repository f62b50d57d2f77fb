import type { ItemLine } from '@rfid/contract';
import { getPage, type PageWindow } from '../../../lib/api-client';

/** Verification report and items: 100 per page (spec section 9). */
export const VERIFICATION_LINES_PAGE_SIZE = 100;

/** GET /verifications/{id}/report/: per GTIN, expected vs real of this verification, ordered by GTIN. */
export const getVerificationReport = (id: string | number, page: PageWindow) =>
  getPage<ItemLine>(`/verifications/${id}/report/`, page);
