import type { outboundStatsQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import type { RequestInput } from '../../use-case-input.js';
import type { MovementsRepository } from '../movements.repository.js';
import { statsRange } from '../outbound.shared.js';

export type GetMovementStatsInput = RequestInput<'locationId', { query: z.output<typeof outboundStatsQuerySchema>; now?: Date }>;

type Figures = MovementsRepository['exitFigures'];

/**
 * The statistics of one side of the movements of a location the user sees (404 otherwise): the `figures` (leaving or
 * arriving) of those created in date_start..date_end read in the location's zone (default the last 30 days), as
 * `toStats` answers them.
 */
export const movementSideStats = async <Stats>(
  repo: Pick<MovementsRepository, 'location'>,
  { user, locationId, query, now }: GetMovementStatsInput,
  figures: Figures,
  toStats: (figures: Awaited<ReturnType<Figures>>, range: ReturnType<typeof statsRange>) => Stats,
): Promise<Stats> => {
  const { timeZone } = await repo.location(user, locationId);
  const range = statsRange(query, now, timeZone);
  return toStats(await figures({ locationId, from: range.from, to: range.to }), range);
};
