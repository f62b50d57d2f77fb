import { describe, expect, it } from 'vitest';
import { precisionPercent } from './common.js';
import {
  addDays,
  addMonths,
  bucketCount,
  chartBuckets,
  chartYears,
  checkDayRange,
  daysOfSupply,
  defaultChartRange,
  endYearOptions,
  entryDonut,
  exitDonut,
  fixMonthRange,
  onlineDonut,
  startYearOptions,
  stockChangePercent,
} from './stats.js';

describe('dashboard formulas (spec section 9)', () => {
  it('precision = abs(stock) / theoretical × 100 as an integer, 0 when theoretical is 0', () => {
    expect(precisionPercent(3, 4)).toBe(75);
    expect(precisionPercent(2, 3)).toBe(66); // 66.67 → integer part
    expect(precisionPercent(-5, 10)).toBe(50); // abs(stock)
    expect(precisionPercent(12, 10)).toBe(120); // the figure is not capped (only bars are)
    expect(precisionPercent(7, 0)).toBe(0);
    expect(precisionPercent(0, 0)).toBe(0);
  });

  it('stock change = (now − a year ago) / a year ago × 100, 2 decimals; null without a base', () => {
    expect(stockChangePercent(3, 7)).toBe(-57.14);
    expect(stockChangePercent(150, 120)).toBe(25);
    expect(stockChangePercent(1, 3)).toBe(-66.67);
    expect(stockChangePercent(2, 3)).toBe(-33.33);
    expect(stockChangePercent(0, 5)).toBe(-100);
    expect(stockChangePercent(10, 0)).toBeNull();
    expect(stockChangePercent(10, null)).toBeNull();
  });

  it('days of supply = stock ÷ (items out in the window ÷ days), 1 decimal; null when nothing went out, 0 without stock', () => {
    expect(daysOfSupply(3, 3, 30)).toBe(30);
    expect(daysOfSupply(100, 45, 30)).toBe(66.7);
    expect(daysOfSupply(10, 0, 30)).toBeNull();
    expect(daysOfSupply(0, 20, 30)).toBe(0);
    expect(daysOfSupply(-4, 20, 30)).toBe(0);
  });

  it('donuts: 3 correct, 2 with differences, 0 and 1 waiting, 4 canceled left out; online sent = 2 or 3', () => {
    const byStatus = { 0: 4, 1: 1, 2: 2, 3: 5, 4: 9 };
    expect(entryDonut(byStatus)).toEqual({ correctly_received: 5, incorrectly_received: 2, waiting: 5 });
    expect(exitDonut(byStatus)).toEqual({ correctly_exited: 5, incorrectly_exited: 2, waiting: 5 });
    expect(onlineDonut(byStatus)).toEqual({ sended: 7, waiting: 5 });
    expect(entryDonut({})).toEqual({ correctly_received: 0, incorrectly_received: 0, waiting: 0 });
  });
});

describe('chart ranges (spec section 5)', () => {
  const today = '2026-11-23';

  it('defaults to the last 60 days, days by days', () => {
    expect(defaultChartRange(today)).toEqual({ granularity: 'day', start: '2026-09-24', end: today });
    expect(checkDayRange('2026-09-24', today, today)).toBeNull();
    expect(chartBuckets('day', '2026-09-24', today)).toHaveLength(61);
  });

  it('days: limited to 60; start before end; neither after today', () => {
    expect(checkDayRange('2026-09-23', today, today)).toBe('too_long');
    expect(checkDayRange('2026-11-10', '2026-11-10', today)).toBe('start_not_before_end');
    expect(checkDayRange('2026-11-12', '2026-11-10', today)).toBe('start_not_before_end');
    expect(checkDayRange('2026-11-24', '2026-11-25', today)).toBe('start_after_today');
    expect(checkDayRange('2026-11-20', '2026-11-24', today)).toBe('end_after_today');
    expect(checkDayRange('2026-02-30', '2026-03-02', today)).toBe('invalid');
    expect(checkDayRange('', today, today)).toBe('invalid');
  });

  it('months: when start ≥ end, end becomes start plus 2 months', () => {
    expect(fixMonthRange('2026-03', '2026-01')).toEqual({ start: '2026-03', end: '2026-05' });
    expect(fixMonthRange('2026-03', '2026-03')).toEqual({ start: '2026-03', end: '2026-05' });
    expect(fixMonthRange('2025-11', '2025-10')).toEqual({ start: '2025-11', end: '2026-01' });
    expect(fixMonthRange('2026-01', '2026-06')).toEqual({ start: '2026-01', end: '2026-06' });
    expect(fixMonthRange('2026-01', '')).toEqual({ start: '2026-01', end: '2026-03' });
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('years: the list spans 50 years back; start years before the end, end years after the start', () => {
    const years = chartYears(2026);
    expect(years).toHaveLength(50);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1977);
    expect(startYearOptions(years, 2024)).toEqual(years.filter((y) => y < 2024));
    expect(startYearOptions(years, 2024)[0]).toBe(2023);
    expect(endYearOptions(years, 2024)).toEqual([2026, 2025]);
    expect(endYearOptions(years, 2026)).toEqual([]);
  });

  it('buckets: days, months and years, both ends included', () => {
    expect(chartBuckets('month', '2025-11-01', '2026-02-28')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(chartBuckets('year', '2024-01-01', '2026-12-31')).toEqual(['2024', '2025', '2026']);
    expect(chartBuckets('day', '2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(bucketCount('day', '2026-03-01', '2026-02-27')).toBe(-1);
    expect(chartBuckets('day', '2026-03-01', '2026-02-27')).toEqual([]);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
