import { dayBucket, daysSpanned, type InboundStats, type inboundStatsQuerySchema, todayIn } from '@rfid/contract';
import type { z } from 'zod';
import { parseDateParam } from '../../../http/dates.js';
import { fieldError } from '../../../http/errors.js';
import { toInboundStats } from '../../stats/figures.js';
import type { RequestInput } from '../../use-case-input.js';
import type { InboundRepository } from '../inbound.repository.js';

const DAY_MS = 86_400_000;

export type GetInboundStatsInput = RequestInput<'locationId', { range: z.output<typeof inboundStatsQuerySchema>; now: Date }>;

/** GET /locations/{id}/porders/statistics/: the six figures of the inbound dashboard (default the last 30 days). */
export const getInboundStats = async (
  repo: Pick<InboundRepository, 'location' | 'inboundFigures'>,
  { user, locationId, range, now }: GetInboundStatsInput,
): Promise<InboundStats> => {
  const { timeZone } = await repo.location(user, locationId);
  // Dates and "today" are the location's (its IANA zone): a date-only `to` is the end of that day there.
  const to = parseDateParam(range.to, 'to', 'end', timeZone) ?? now;
  const from = parseDateParam(range.from, 'from', 'start', timeZone) ?? new Date(to.getTime() - 30 * DAY_MS);
  if (from > to) throw fieldError('from', 'common.from_after_to');
  const today = dayBucket(todayIn(timeZone, now), timeZone);
  const [dayStart, dayEnd] = [today.start, new Date(today.end.getTime() - 1)];
  const figures = await repo.inboundFigures({ locationIds: [locationId], from, to, dayStart, dayEnd });
  // days in the range, at least 1: orders per day = orders / days; incorrect per day = status-2 orders / days
  return toInboundStats(figures, { from, to, days: daysSpanned(from, to, timeZone) });
};
