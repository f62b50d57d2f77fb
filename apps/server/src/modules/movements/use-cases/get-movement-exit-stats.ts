import type { ExitStats, outboundStatsQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { toExitStats } from '../../stats/figures.js';
import type { RequestInput } from '../../use-case-input.js';
import type { MovementsRepository } from '../movements.repository.js';
import { statsRange } from '../outbound.shared.js';

export type GetMovementStatsInput = RequestInput<'locationId', { query: z.output<typeof outboundStatsQuerySchema>; now?: Date }>;

/**
 * GET /locations/{id}/movstats/: the exit figures of the movements leaving a location the user sees (404 otherwise),
 * created in date_start..date_end read in the location's zone (default the last 30 days).
 */
export const getMovementExitStats = async (
  repo: Pick<MovementsRepository, 'location' | 'exitFigures'>,
  { user, locationId, query, now }: GetMovementStatsInput,
): Promise<ExitStats> => {
  const { timeZone } = await repo.location(user, locationId);
  const range = statsRange(query, now, timeZone);
  return toExitStats(await repo.exitFigures({ locationId, from: range.from, to: range.to }), range);
};
