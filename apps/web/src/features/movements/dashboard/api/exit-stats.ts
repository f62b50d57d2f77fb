import type { ExitStats } from '@rfid/contract';
import { useDashboardStats } from '../../../../lib/query-client';
import { movementsKeys } from '../../keys';

export type StatsRange = { date_start: string; date_end: string };

/** GET /locations/{id}/movstats/?date_start&date_end: the exit dashboard's five figures (30 s timeout). */
export const useExitStats = (locationId: number, range: StatsRange, isPhone: boolean) =>
  useDashboardStats<ExitStats>(movementsKeys.exitStats(locationId, range), locationId, 'movstats/', range, isPhone);
