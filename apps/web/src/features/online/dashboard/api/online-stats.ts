import type { ExitStats } from '@rfid/contract';
import { useDashboardStats } from '../../../../lib/query-client';
import { onlineKeys } from '../../keys';

export type StatsRange = { date_start: string; date_end: string };

/** GET /locations/{id}/onlinestats/?date_start&date_end: the five figures of the online dashboard (30 s timeout). */
export const useOnlineStats = (locationId: number, range: StatsRange, isPhone: boolean) =>
  useDashboardStats<ExitStats>(onlineKeys.stats(locationId, range), locationId, 'onlinestats/', range, isPhone);
