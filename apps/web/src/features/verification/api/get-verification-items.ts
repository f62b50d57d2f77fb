import type { Page, VerificationItem } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';

export type VerificationItemsParams = { id: string | number; limit: number; offset: number };

/** GET /verifications/{id}/items/: every EPC the verification read (quantity 0 when the box does not expect its GTIN). */
export const getVerificationItems = ({ id, limit, offset }: VerificationItemsParams, signal?: AbortSignal) =>
  apiRequest<Page<VerificationItem>>(`/verifications/${id}/items/`, { query: { limit, offset }, signal });
