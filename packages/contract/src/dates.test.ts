import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  dayBucket,
  dayBuckets,
  dayOf,
  daysSpanned,
  formatDateTimeIn,
  isTimeZone,
  parseDateBound,
  parseDateFilter,
  startOfDay,
  timeZoneNames,
  timeZoneSchema,
  todayIn,
  zoneOffsetMs,
} from './dates.js';

const HOUR = 3_600_000;
const MADRID = 'Europe/Madrid';
const NEW_YORK = 'America/New_York';

describe('time zones', () => {
  it('knows real IANA zones and their canonical names, and refuses the rest', () => {
    expect(isTimeZone(MADRID)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(canonicalTimeZone('europe/madrid')).toBe(MADRID);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('+01:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(timeZoneSchema.parse('america/new_york')).toBe(NEW_YORK);
    expect(timeZoneSchema.safeParse('Mars/Olympus').success).toBe(false);
    expect(timeZoneNames()).toContain(MADRID);
    expect(timeZoneNames()).toContain('UTC');
  });

  it('gives the offset of a zone on both sides of a DST change', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), MADRID)).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), MADRID)).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), NEW_YORK)).toBe(-4 * HOUR);
  });
});

describe('days of a zone', () => {
  it('starts a day at local midnight', () => {
    expect(startOfDay('2026-01-15', MADRID).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfDay('2026-07-15', MADRID).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(startOfDay('2026-07-15', NEW_YORK).toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(startOfDay('2026-07-15', 'UTC').toISOString()).toBe('2026-07-15T00:00:00.000Z');
  });

  it('has a 23-hour day in spring and a 25-hour day in autumn (Madrid: 2026-03-29, 2026-10-25)', () => {
    const spring = dayBucket('2026-03-29', MADRID);
    expect(spring.start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const autumn = dayBucket('2026-10-25', MADRID);
    expect(autumn.start.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(autumn.end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR);
  });

  it('has its own DST days in New York (2026-03-08, 2026-11-01)', () => {
    const spring = dayBucket('2026-03-08', NEW_YORK);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const autumn = dayBucket('2026-11-01', NEW_YORK);
    expect(autumn.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR);
  });

  it('counts the days a range spans in wall-clock time: a 25-hour day is one day', () => {
    const autumn = dayBucket('2026-10-25', MADRID);
    expect(daysSpanned(autumn.start, new Date(autumn.end.getTime() - 1), MADRID)).toBe(1);
    const spring = dayBucket('2026-03-29', MADRID);
    expect(daysSpanned(spring.start, new Date(spring.end.getTime() - 1), MADRID)).toBe(1);
    expect(daysSpanned(startOfDay('2026-10-20', MADRID), startOfDay('2026-10-30', MADRID), MADRID)).toBe(10);
    expect(daysSpanned(new Date('2026-07-01T10:00:00Z'), new Date('2026-07-01T10:00:00Z'), MADRID)).toBe(1);
  });

  it('lists consecutive buckets that touch, across a DST change', () => {
    const buckets = dayBuckets('2026-10-24', '2026-10-26', MADRID);
    expect(buckets.map((b) => b.day)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(buckets.map((b) => (b.end.getTime() - b.start.getTime()) / HOUR)).toEqual([24, 25, 24]);
    expect(buckets[0]?.end).toEqual(buckets[1]?.start);
    expect(dayBuckets('2026-10-26', '2026-10-25', MADRID)).toEqual([]);
  });

  it('gives the day of an instant in a zone, and today', () => {
    const lateUtc = new Date('2026-10-25T22:30:00Z');
    expect(dayOf(lateUtc, 'UTC')).toBe('2026-10-25');
    expect(dayOf(lateUtc, MADRID)).toBe('2026-10-25'); // 23:30 CET
    expect(dayOf(new Date('2026-10-25T23:00:00Z'), MADRID)).toBe('2026-10-26');
    expect(dayOf(new Date('2026-07-15T02:00:00Z'), NEW_YORK)).toBe('2026-07-14');
    expect(todayIn(MADRID, new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('date filter values', () => {
  it('reads a date-only value as the whole day in the zone, the end exclusive (25 h on 2026-10-25 in Madrid)', () => {
    const start = parseDateBound('2026-10-25', MADRID, 'start');
    const end = parseDateBound('2026-10-25', MADRID, 'end');
    expect(start).toEqual({ at: new Date('2026-10-24T22:00:00Z'), inclusive: true, dateOnly: true });
    expect(end).toEqual({ at: new Date('2026-10-25T23:00:00Z'), inclusive: false, dateOnly: true });
    expect(parseDateFilter('2026-03-29', MADRID, 'end')?.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('reads a date-time without offset as a wall-clock time of the zone, with one as that instant', () => {
    expect(parseDateFilter('2026-07-15 10:30:00', MADRID)?.toISOString()).toBe('2026-07-15T08:30:00.000Z');
    expect(parseDateFilter('2026-07-15T10:30', NEW_YORK)?.toISOString()).toBe('2026-07-15T14:30:00.000Z');
    expect(parseDateFilter('2026-07-15T10:30:00Z', MADRID)?.toISOString()).toBe('2026-07-15T10:30:00.000Z');
    expect(parseDateFilter('2026-07-15T10:30:00+05:30', MADRID)?.toISOString()).toBe('2026-07-15T05:00:00.000Z');
    expect(parseDateFilter('2026-07-15T10:30:00.123456-0400', MADRID)?.toISOString()).toBe('2026-07-15T14:30:00.123Z');
    expect(parseDateBound('2026-07-15 10:30:00', MADRID, 'end')?.inclusive).toBe(true);
    // The hour skipped in spring moves forward; the hour repeated in autumn is its first time.
    expect(parseDateFilter('2026-03-29 02:30', MADRID)?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseDateFilter('2026-10-25 02:30', MADRID)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses what is not a date, and dates outside 1970–9999', () => {
    for (const bad of ['', 'yesterday', '2026-02-30', '2026-13-01', '2026-07-15 25:00', '0999-01-01', '2026-7-1']) {
      expect(parseDateBound(bad, MADRID)).toBeNull();
    }
    expect(parseDateFilter('1970-01-01', MADRID)?.toISOString()).toBe('1969-12-31T23:00:00.000Z');
    expect(parseDateFilter('9999-12-31', 'UTC', 'end')).not.toBeNull();
  });

  it('writes an instant back as a wall-clock time of the zone', () => {
    expect(formatDateTimeIn(new Date('2026-10-25T00:30:00Z'), MADRID)).toBe('2026-10-25 02:30:00');
    expect(formatDateTimeIn(new Date('2026-10-25T01:30:00Z'), MADRID)).toBe('2026-10-25 02:30:00');
  });
});
