import type { MovementEntryStats } from '@rfid/contract';
import { toEntryStats } from '../../stats/figures.js';
import type { MovementsRepository } from '../movements.repository.js';
import { type GetMovementStatsInput, movementSideStats } from './movement-stats.js';

/**
 * GET /locations/{id}/moventrystats/ (and /entrystats/): the entry figures of the movements arriving at a location the
 * user sees (404 otherwise), created in date_start..date_end read in the location's zone (default the last 30 days).
 */
export const getMovementEntryStats = (
  repo: Pick<MovementsRepository, 'location' | 'entryFigures'>,
  input: GetMovementStatsInput,
): Promise<MovementEntryStats> => movementSideStats(repo, input, (range) => repo.entryFigures(range), toEntryStats);
