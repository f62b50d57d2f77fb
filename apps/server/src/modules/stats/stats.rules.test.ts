import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { bucketOf, chartRange, durationText, parseBound, sameDayLastYear, statsRange } from './stats.rules.js';

const fieldOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return Object.keys(error.errors ?? {})[0];
    throw error;
  }
  return undefined;
};

describe('statistics ranges', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('defaults to the 30 days before now and counts the days it spans', () => {
    const r = statsRange({}, now);
    expect(r.to).toEqual(now);
    expect(r.from).toEqual(new Date('2026-10-24T10:00:00Z'));
    expect(r.days).toBe(30);
  });

  it('reads a day as its whole day in the zone (default Europe/Madrid), ISO as given, "YYYY-MM-DD HH:mm:ss" there', () => {
    expect(parseBound('2026-11-01', 'date_start', 'start')).toEqual(new Date('2026-10-31T23:00:00.000Z'));
    expect(parseBound('2026-11-01', 'date_end', 'end')).toEqual(new Date('2026-11-01T22:59:59.999Z'));
    expect(parseBound('2026-11-01', 'date_end', 'end', 'UTC')).toEqual(new Date('2026-11-01T23:59:59.999Z'));
    expect(parseBound('2026-11-01T08:30:00Z', 'date_end', 'end')).toEqual(new Date('2026-11-01T08:30:00Z'));
    expect(parseBound('2026-11-01 08:30:00', 'x', 'start', 'America/New_York')).toEqual(new Date('2026-11-01T13:30:00Z'));
    expect(statsRange({ date_start: '2026-11-01', date_end: '2026-11-01' }, now).days).toBe(1);
  });

  it('a date-only range on the day of a DST change is that whole day: 25 hours, one day (2026-10-25, Madrid)', () => {
    const range = statsRange({ date_start: '2026-10-25', date_end: '2026-10-25' }, now, 'Europe/Madrid');
    expect(range.from).toEqual(new Date('2026-10-24T22:00:00.000Z'));
    expect(range.to).toEqual(new Date('2026-10-25T22:59:59.999Z'));
    expect(range.days).toBe(1);
    expect(statsRange({ date_start: '2026-03-29', date_end: '2026-03-29' }, now, 'Europe/Madrid').days).toBe(1);
  });

  it('refuses a bad date or a start after the end on the field', () => {
    expect(fieldOf(() => statsRange({ date_start: 'ayer' }, now))).toBe('date_start');
    expect(fieldOf(() => statsRange({ date_end: '2026-02-30' }, now))).toBe('date_end');
    expect(fieldOf(() => statsRange({ date_start: '2026-11-02', date_end: '2026-11-01' }, now))).toBe('date_start');
  });

  it('a year ago is the same day, 29 February becoming 28', () => {
    expect(sameDayLastYear('2026-11-23')).toBe('2025-11-23');
    expect(sameDayLastYear('2028-02-29')).toBe('2027-02-28');
  });

  it('reception times read "<hours>,<seconds>"', () => {
    expect(durationText(5400)).toBe('1.50,5400');
    expect(durationText(null)).toBe('0,0');
  });
});

describe('chart ranges as the server checks them (spec section 5)', () => {
  const today = '2026-11-23';

  it('days: default the last 60 days; at most 60 days apart', () => {
    expect(chartRange({}, today)).toEqual({ granularity: 'day', start: '2026-09-24', end: today });
    expect(chartRange({ date_start: '2026-09-24', date_end: today }, today).start).toBe('2026-09-24');
    expect(fieldOf(() => chartRange({ date_start: '2026-09-23', date_end: today }, today))).toBe('date_start');
    expect(chartRange({ date_start: '2026-11-01', date_end: '2026-11-01' }, today).end).toBe('2026-11-01');
  });

  it('start neither after today nor after the end', () => {
    expect(fieldOf(() => chartRange({ date_start: '2026-11-24', date_end: '2026-11-30' }, today))).toBe('date_start');
    expect(fieldOf(() => chartRange({ granularity: 'month', date_start: '2026-05', date_end: '2026-03' }, today))).toBe(
      'date_start',
    );
    expect(fieldOf(() => chartRange({ date_start: 'x' }, today))).toBe('date_start');
    expect(fieldOf(() => chartRange({ date_end: '2026-13' }, today))).toBe('date_end');
  });

  it('months and years: whole buckets, at most 120 months and 50 years', () => {
    expect(chartRange({ granularity: 'month', date_start: '2026-03-15', date_end: '2026-05' }, today)).toEqual({
      granularity: 'month',
      start: '2026-03-01',
      end: '2026-05-31',
    });
    expect(chartRange({ granularity: 'month' }, today)).toEqual({ granularity: 'month', start: '2026-01-01', end: today });
    expect(chartRange({ granularity: 'year' }, today)).toEqual({ granularity: 'year', start: '2022-01-01', end: today });
    expect(chartRange({ granularity: 'year', date_start: '1977', date_end: '2026' }, today).start).toBe('1977-01-01');
    expect(fieldOf(() => chartRange({ granularity: 'year', date_start: '1976', date_end: '2026' }, today))).toBe('date_start');
    expect(fieldOf(() => chartRange({ granularity: 'month', date_start: '2016-11', date_end: '2026-11' }, today))).toBe(
      'date_start',
    );
    expect(chartRange({ granularity: 'month', date_start: '2016-12', date_end: '2026-11' }, today).start).toBe('2016-12-01');
  });

  it('buckets of a day', () => {
    expect(bucketOf('day', '2026-11-23')).toBe('2026-11-23');
    expect(bucketOf('month', '2026-11-23')).toBe('2026-11');
    expect(bucketOf('year', '2026-11-23')).toBe('2026');
  });
});
