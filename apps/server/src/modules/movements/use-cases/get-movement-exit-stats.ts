import type { ExitStats } from '@rfid/contract';
import { toExitStats } from '../../stats/figures.js';
import type { MovementsRepository } from '../movements.repository.js';
import { type GetMovementStatsInput, movementSideStats } from './movement-stats.js';

/**
 * GET /locations/{id}/movstats/: the exit figures of the movements leaving a location the user sees (404 otherwise),
 * created in date_start..date_end read in the location's zone (default the last 30 days).
 */
export const getMovementExitStats = (
  repo: Pick<MovementsRepository, 'location' | 'exitFigures'>,
  input: GetMovementStatsInput,
): Promise<ExitStats> => movementSideStats(repo, input, (range) => repo.exitFigures(range), toExitStats);
