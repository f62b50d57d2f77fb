import type { ItemLine, Page } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

/** Verification report and items: 100 per page (spec section 9). */
export const VERIFICATION_LINES_PAGE_SIZE = 100;

export type VerificationReportParams = { id: string | number; limit: number; offset: number };

/** GET /verifications/{id}/report/: per GTIN, expected vs real of this verification, ordered by GTIN. */
export const getVerificationReport = ({ id, limit, offset }: VerificationReportParams, signal?: AbortSignal) =>
  apiRequest<Page<ItemLine>>(`/verifications/${id}/report/`, { query: { limit, offset }, signal });
