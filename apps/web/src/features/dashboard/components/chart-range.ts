import {
  addDays,
  addMonths,
  type ChartGranularity,
  type ChartModule,
  checkDayRange,
  type DayRangeProblem,
  defaultChartRange,
  fixMonthRange,
} from '@rfid/contract';
import dayjs from 'dayjs';
import type { GraphQuery } from '../api/get-graph-statistics';

/**
 * The chart's pickers (spec section 5): the ranges typed for each granularity, kept apart so
 * switching between Days, Months and Years keeps each one; the query is the last valid range.
 */
export type ChartRanges = {
  days: { start: string; end: string };
  /** YYYY-MM. */
  months: { start: string; end: string };
  years: { start: number; end: number };
};

export const todayIso = (): string => dayjs().format('YYYY-MM-DD');

/** Days: the last 60 days (the spec's default); months: the last 12; years: the last 5. */
export const initialRanges = (today = todayIso()): ChartRanges => {
  const { start, end } = defaultChartRange(today);
  const month = today.slice(0, 7);
  const year = Number(today.slice(0, 4));
  return { days: { start, end }, months: { start: addMonths(month, -11), end: month }, years: { start: year - 4, end: year } };
};

/** A months range as typed: when start ≥ end, end becomes start plus 2 months. */
export const withMonthStart = (range: ChartRanges['months'], start: string) => fixMonthRange(start, range.end);
export const withMonthEnd = (range: ChartRanges['months'], end: string) => fixMonthRange(range.start, end);

export type RangeProblem = DayRangeProblem | 'month_after_today';

/** What is wrong with the range of a granularity, or null. */
export const rangeProblem = (granularity: ChartGranularity, ranges: ChartRanges, today = todayIso()): RangeProblem | null => {
  if (granularity === 'day') return checkDayRange(ranges.days.start, ranges.days.end, today);
  if (granularity === 'month') {
    if (!/^\d{4}-\d{2}$/.test(ranges.months.start)) return 'invalid';
    return ranges.months.start > today.slice(0, 7) ? 'month_after_today' : null;
  }
  return ranges.years.start < ranges.years.end ? null : 'start_not_before_end';
};

/** The query of a valid range. */
export const toQuery = (module: ChartModule, granularity: ChartGranularity, ranges: ChartRanges): GraphQuery => {
  if (granularity === 'day') return { module, granularity, start: ranges.days.start, end: ranges.days.end };
  if (granularity === 'month') return { module, granularity, start: ranges.months.start, end: ranges.months.end };
  return { module, granularity, start: String(ranges.years.start), end: String(ranges.years.end) };
};

/** An x-axis label as the user reads it: DD/MM for days, MM/YYYY for months, YYYY for years. */
export const axisLabel = (granularity: ChartGranularity, bucket: string): string => {
  if (granularity === 'day') return `${bucket.slice(8, 10)}/${bucket.slice(5, 7)}`;
  if (granularity === 'month') return `${bucket.slice(5, 7)}/${bucket.slice(0, 4)}`;
  return bucket;
};

/** The latest start a days range may have: the day before its end. */
export const maxDayStart = (end: string): string => addDays(end, -1);
