import { defaultDateRange, rangeBounds } from '../../../lib/format';

/**
 * The range of the outbound statistics calls (date_start, date_end): the spec's default filter
 * range, the last 30 days, whole days of the location's time zone (the contract's date codec).
 */
export const defaultStatsRange = (today: Date = new Date()): { date_start: string; date_end: string } => {
  const range = defaultDateRange(today);
  const bounds = rangeBounds(range.start, range.end);
  return { date_start: bounds.start, date_end: bounds.end };
};
