import {
  addDays,
  bucketCount,
  CHART_MAX_DAYS,
  CHART_MAX_MONTHS,
  CHART_YEARS_BACK,
  type ChartGranularity,
  DEFAULT_TIME_ZONE,
  dayBucket,
  dayNumber,
  daysSpanned,
} from '@rfid/contract';
import { parseDateParam } from '../../http/dates.js';
import { fieldError } from '../../http/errors.js';
import { msg } from '../../i18n/messages.js';

/**
 * The stats module's pure rules (no SQL, no HTTP): statistics ranges, chart ranges as the server
 * checks them, and unit conversions. The formulas shared with the web (precision, stock change,
 * days of supply, donuts, chart ranges) are in packages/contract/src/stats.ts.
 */

const DAY_MS = 86_400_000;
/** The window of days of supply: items out in the last 30 days. */
export const SUPPLY_WINDOW_DAYS = 30;
/** Default statistics range: the last 30 days (spec section 9, "Default filter date range 30 days"). */
export const DEFAULT_RANGE_DAYS = 30;
/** A day's snapshot counts as "a year ago" when it is at most this many days older than that day. */
export const LAST_YEAR_LOOKBACK_DAYS = 31;

/** The instants of the days [start, end] (YYYY-MM-DD) of `zone`, `to` inclusive (its last millisecond). */
export const daysRange = (start: string, end: string, zone: string): { from: Date; to: Date } => ({
  from: dayBucket(start, zone).start,
  to: new Date(dayBucket(end, zone).end.getTime() - 1),
});

/** The same day a year earlier (29 February → 28 February). */
export const sameDayLastYear = (day: string): string => {
  const year = Number(day.slice(0, 4)) - 1;
  const month = day.slice(5, 7);
  const date = day.slice(8, 10);
  const candidate = `${String(year).padStart(4, '0')}-${month}-${date}`;
  return dayNumber(candidate) === null ? `${String(year).padStart(4, '0')}-${month}-28` : candidate;
};

/**
 * A bound of a statistics range: YYYY-MM-DD (the start or the end of that day in `zone`), ISO 8601, or
 * 'YYYY-MM-DD HH:mm:ss' (a wall-clock time in `zone`). Invalid text is a 400 on that field.
 */
export const parseBound = (value: string | undefined, field: string, side: 'start' | 'end', zone?: string): Date | null =>
  parseDateParam(value, field, side, zone);

/**
 * date_start/date_end read in the scope's zone → [from, to] (default: the 30 days before now) and the
 * days it spans (≥ 1).
 */
export const statsRange = (query: { date_start?: string; date_end?: string }, now = new Date(), zone = DEFAULT_TIME_ZONE) => {
  const to = parseBound(query.date_end, 'date_end', 'end', zone) ?? now;
  const from = parseBound(query.date_start, 'date_start', 'start', zone) ?? new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (from > to) throw fieldError('date_start', 'common.date_start_after_end');
  return { from, to, days: daysSpanned(from, to, zone) };
};

/** n ÷ days with 2 decimals. */
export const perDay = (n: number, days: number): number => Math.round((n / days) * 100) / 100;
/** Seconds → hours with 2 decimals (null stays null). */
export const hours = (seconds: number | null): number | null =>
  seconds === null ? null : Math.round((seconds / 3600) * 100) / 100;
/** Seconds → minutes with 2 decimals (null stays null). */
export const minutes = (seconds: number | null): number | null =>
  seconds === null ? null : Math.round((seconds / 60) * 100) / 100;
/** "<hours with 2 decimals>,<seconds>" as the inbound stats give reception times (the web shows the first part). */
export const durationText = (seconds: number | null): string =>
  seconds === null ? '0,0' : `${(Math.round((seconds / 3600) * 100) / 100).toFixed(2)},${Math.round(seconds)}`;

export type ChartRange = { granularity: ChartGranularity; start: string; end: string };

/** A chart bound: YYYY-MM-DD, or YYYY-MM / YYYY for months and years (their first or last day). */
const chartBound = (value: string, field: string, side: 'start' | 'end'): string => {
  const text = value.trim();
  if (/^\d{4}$/.test(text)) {
    parseDateParam(`${text}-01-01`, field);
    return side === 'start' ? `${text}-01-01` : `${text}-12-31`;
  }
  if (/^\d{4}-\d{2}$/.test(text)) {
    const first = `${text}-01`;
    if (dayNumber(first) === null) throw fieldError(field, 'common.date_ymd');
    parseDateParam(first, field);
    if (side === 'start') return first;
    const [y, m] = [Number(text.slice(0, 4)), Number(text.slice(5, 7))];
    return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  }
  if (dayNumber(text) === null) throw fieldError(field, 'common.date_ymd');
  parseDateParam(text, field);
  return text;
};

/**
 * The server's side of the chart ranges (spec section 5): days at most 60 days apart (default the
 * last 60 days up to today), months at most 120, years at most 50; start ≤ end; start not after
 * today. The range is then widened to whole buckets (months from their first day, years from 1 January).
 */
export const chartRange = (
  query: { granularity?: ChartGranularity; date_start?: string; date_end?: string },
  today: string,
): ChartRange => {
  const granularity = query.granularity ?? 'day';
  const end = query.date_end ? chartBound(query.date_end, 'date_end', 'end') : today;
  const defaultStart =
    granularity === 'day'
      ? addDays(end, -CHART_MAX_DAYS)
      : granularity === 'month'
        ? `${end.slice(0, 4)}-01-01`
        : `${Number(end.slice(0, 4)) - 4}-01-01`;
  let start = query.date_start ? chartBound(query.date_start, 'date_start', 'start') : defaultStart;
  if (start > today) throw fieldError('date_start', 'common.date_start_after_today');
  if (start > end) throw fieldError('date_start', 'common.date_start_after_end');
  if (granularity === 'month') start = `${start.slice(0, 7)}-01`;
  if (granularity === 'year') start = `${start.slice(0, 4)}-01-01`;
  const n = bucketCount(granularity, start, end);
  if (granularity === 'day' && n - 1 > CHART_MAX_DAYS) {
    throw fieldError('date_start', msg('stats.chart_days', { max: CHART_MAX_DAYS }));
  }
  if (granularity === 'month' && n > CHART_MAX_MONTHS) {
    throw fieldError('date_start', msg('stats.chart_months', { max: CHART_MAX_MONTHS }));
  }
  if (granularity === 'year' && n > CHART_YEARS_BACK) {
    throw fieldError('date_start', msg('stats.chart_years', { max: CHART_YEARS_BACK }));
  }
  return { granularity, start, end };
};

/** The to_char format of a bucket label. */
export const bucketFormat = (granularity: ChartGranularity): string =>
  granularity === 'day' ? 'YYYY-MM-DD' : granularity === 'month' ? 'YYYY-MM' : 'YYYY';

/** The bucket label of a YYYY-MM-DD day. */
export const bucketOf = (granularity: ChartGranularity, day: string): string =>
  granularity === 'day' ? day : granularity === 'month' ? day.slice(0, 7) : day.slice(0, 4);
