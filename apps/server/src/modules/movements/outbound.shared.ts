import { parseDateParam } from '../../http/dates.js';
import { fieldError } from '../../http/errors.js';

/** A statistics range from date_start/date_end (movements, online, inventory); default the last 30 days; the days it spans (≥ 1). */
export const statsRange = (query: { date_start?: string; date_end?: string }, now = new Date()) => {
  const to = parseDateParam(query.date_end, 'date_end') ?? now;
  const from = parseDateParam(query.date_start, 'date_start') ?? new Date(to.getTime() - 30 * 86_400_000);
  if (from > to) throw fieldError('date_start', 'date_start is after date_end.');
  const days = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 86_400_000));
  return { from, to, days };
};
