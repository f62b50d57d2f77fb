import type { InboundStats } from '@rfid/contract';
import { useDashboardStats } from '../../../lib/query-client';
import { inboundKeys } from '../keys';

/** GET /locations/{id}/porders/statistics/?from&to: the six figures of the inbound dashboard (30 s timeout). */
export const useInboundStats = (locationId: number, range: { from?: string; to?: string }, isPhone: boolean) =>
  useDashboardStats<InboundStats>(inboundKeys.stats(locationId, range), locationId, 'porders/statistics/', range, isPhone);

/** "hours,seconds" → the first part (spec section 3). */
export const firstPart = (value: string | null | undefined): string => (value ?? '').split(',')[0]?.trim() ?? '';
