import type { VerificationItem } from '@rfid/contract';
import { getPage, type PageWindow } from '../../../lib/api-client';

/** GET /verifications/{id}/items/: every EPC the verification read (quantity 0 when the box does not expect its GTIN). */
export const getVerificationItems = (id: string | number, page: PageWindow) =>
  getPage<VerificationItem>(`/verifications/${id}/items/`, page);
