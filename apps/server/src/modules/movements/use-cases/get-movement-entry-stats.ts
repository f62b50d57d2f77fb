import type { MovementEntryStats } from '@rfid/contract';
import { toEntryStats } from '../../stats/figures.js';
import type { MovementsRepository } from '../movements.repository.js';
import { statsRange } from '../outbound.shared.js';
import type { GetMovementStatsInput } from './get-movement-exit-stats.js';

/**
 * GET /locations/{id}/moventrystats/ (and /entrystats/): the entry figures of the movements arriving at a location the
 * user sees (404 otherwise), created in date_start..date_end read in the location's zone (default the last 30 days).
 */
export const getMovementEntryStats = async (
  repo: Pick<MovementsRepository, 'location' | 'entryFigures'>,
  { user, locationId, query, now }: GetMovementStatsInput,
): Promise<MovementEntryStats> => {
  const { timeZone } = await repo.location(user, locationId);
  const range = statsRange(query, now, timeZone);
  return toEntryStats(await repo.entryFigures({ locationId, from: range.from, to: range.to }), range);
};
