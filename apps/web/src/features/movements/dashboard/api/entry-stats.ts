import type { MovementEntryStats } from '@rfid/contract';
import { useDashboardStats } from '../../../../lib/query-client';
import { movementsKeys } from '../../keys';
import type { StatsRange } from './exit-stats';

/** GET /locations/{id}/entrystats/?date_start&date_end: the entry dashboard's five figures (30 s timeout). */
export const useEntryStats = (locationId: number, range: StatsRange, isPhone: boolean) =>
  useDashboardStats<MovementEntryStats>(movementsKeys.entryStats(locationId, range), locationId, 'entrystats/', range, isPhone);
