import { DEFAULT_TIME_ZONE, daysSpanned } from '@rfid/contract';
import { parseDateParam } from '../../http/dates.js';
import { fieldError } from '../../http/errors.js';

/**
 * A statistics range from date_start/date_end read in the location's zone (a date-only end is the end of
 * that day there); default the last 30 days; the days it spans (≥ 1).
 */
export const statsRange = (query: { date_start?: string; date_end?: string }, now = new Date(), zone?: string) => {
  const to = parseDateParam(query.date_end, 'date_end', 'end', zone) ?? now;
  const from = parseDateParam(query.date_start, 'date_start', 'start', zone) ?? new Date(to.getTime() - 30 * 86_400_000);
  if (from > to) throw fieldError('date_start', 'common.date_start_after_end');
  return { from, to, days: daysSpanned(from, to, zone ?? DEFAULT_TIME_ZONE) };
};
