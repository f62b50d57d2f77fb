import { z } from 'zod';
import { isDateInRange } from './common.js';
import { addDays, dayNumber, dayOf, formatterOf, pad, wallClockOf } from './days.js';

export { dayOf, todayIn } from './days.js';

/**
 * The one date codec of server and web (issue 14, "time zones done right"). Every location has an IANA
 * time zone; a calendar day (YYYY-MM-DD) only means an instant once a zone is given:
 *
 * - a date-only filter value starts at 00:00 of that day in the zone and ends at the start of the next
 *   day (exclusive), so a day of a DST change lasts 23 or 25 hours;
 * - a date-time without an offset ('YYYY-MM-DD HH:mm[:ss]') is a wall-clock time in the zone;
 * - a date-time with `Z` or an offset is that instant, whatever the zone.
 *
 * Intl only (no library): the zone database is the runtime's (Node's ICU, the browser's).
 */

/** The company's default zone, and the demo's. */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const HOUR_MS = 3_600_000;

/** The canonical IANA name of `zone` ('europe/madrid' → 'Europe/Madrid'), or null when it is not one. */
export const canonicalTimeZone = (zone: string): string | null => {
  const name = zone.trim();
  if (!IANA_NAME.test(name)) return null;
  try {
    return formatterOf(name).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

export const isTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== null;

/** The IANA zones the runtime knows, for a picker (the UTC zone included). */
export const timeZoneNames = (): string[] => {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes('UTC') ? names : [...names, 'UTC'];
};

export const TIME_ZONE_MESSAGE = 'Enter a valid IANA time zone (e.g. Europe/Madrid).';
/** A location's or a company's time zone: a real IANA zone, kept in its canonical spelling. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .refine(isTimeZone, { error: TIME_ZONE_MESSAGE })
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

/** The offset of `zone` from UTC at `time` (ms; +7,200,000 for Madrid in summer). */
export const zoneOffsetMs = (time: number, zone: string): number => {
  const whole = Math.floor(time / 1000) * 1000;
  const w = wallClockOf(new Date(whole), zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
};

/**
 * The instant of a wall-clock time (`local`, read as if it were UTC) in `zone`, as Temporal's
 * 'compatible': a time repeated by a DST change is its first occurrence; a time skipped moves forward.
 */
const instantOfWallClock = (local: number, zone: string): number => {
  const before = local - zoneOffsetMs(local - 12 * HOUR_MS, zone);
  const after = local - zoneOffsetMs(local + 12 * HOUR_MS, zone);
  const matches = [before, after].filter((time) => time + zoneOffsetMs(time, zone) === local);
  return matches.length ? Math.min(...matches) : before;
};

/** A YYYY-MM-DD that is a real calendar date. */
export const isDay = (text: string): boolean => dayNumber(text) !== null;

/** The first instant of `day` (YYYY-MM-DD) in `zone`: 00:00 there, or the first time after it that exists. */
export const startOfDay = (day: string, zone: string): Date => {
  let time = instantOfWallClock(Date.parse(`${day}T00:00:00Z`), zone);
  // A zone whose DST change skips midnight starts the day at 01:00.
  while (dayOf(new Date(time), zone) < day) time += HOUR_MS;
  return new Date(time);
};

/**
 * The days a range [from, to] spans in `zone` (at least 1), measured in wall-clock time there: the whole
 * day of a DST change (23 or 25 hours) is one day, not two.
 */
export const daysSpanned = (from: Date, to: Date, zone: string): number => {
  const local = (d: Date) => d.getTime() + zoneOffsetMs(d.getTime(), zone);
  return Math.max(1, Math.ceil((local(to) - local(from)) / (24 * HOUR_MS)));
};

/** One calendar day of a zone as a half-open interval [start, end): 24 hours, or 23 / 25 on a DST change. */
export type DayBucket = { day: string; start: Date; end: Date };

export const dayBucket = (day: string, zone: string): DayBucket => ({
  day,
  start: startOfDay(day, zone),
  end: startOfDay(addDays(day, 1), zone),
});

/** The days from `from` to `to` (YYYY-MM-DD, both included) of `zone`, each with its instants. */
export const dayBuckets = (from: string, to: string, zone: string): DayBucket[] => {
  const buckets: DayBucket[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) buckets.push(dayBucket(day, zone));
  return buckets;
};

/**
 * A bound of a date filter. `start` bounds are inclusive. An `end` bound of a date-only value is the
 * start of the next day, exclusive; an `end` bound of a date-time is that instant, inclusive.
 */
export type DateBound = { at: Date; inclusive: boolean; dateOnly: boolean };

/**
 * A date filter value (YYYY-MM-DD, ISO 8601 with or without offset, or 'YYYY-MM-DD HH:mm:ss') read in
 * `zone`; null when it is not a date or is outside 1970–9999.
 */
export const parseDateBound = (raw: string, zone: string, side: 'start' | 'end' = 'start'): DateBound | null => {
  const text = raw.trim();
  if (DAY_ONLY.test(text)) {
    if (!isDay(text)) return null;
    // The range 1970–9999 is of calendar days here, whatever the zone.
    if (!isDateInRange(Date.parse(`${text}T00:00:00Z`))) return null;
    const at = side === 'start' ? startOfDay(text, zone) : startOfDay(addDays(text, 1), zone);
    return { at, inclusive: side === 'start', dateOnly: true };
  }
  const m = DATE_TIME.exec(text);
  if (!m || !isDay(`${m[1]}-${m[2]}-${m[3]}`)) return null;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = Number((m[7] ?? '0').slice(0, 3).padEnd(3, '0'));
  const local = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hour, minute, second, ms);
  const offset = m[8];
  let time: number;
  if (offset === undefined) time = instantOfWallClock(local, zone);
  else if (offset.toUpperCase() === 'Z') time = local;
  else {
    const digits = offset.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
    time = local - (offset.startsWith('-') ? -1 : 1) * minutes * 60_000;
  }
  return isDateInRange(time) ? { at: new Date(time), inclusive: true, dateOnly: false } : null;
};

/** The instant a filter value starts at in `zone` (date-only: 00:00 there), or null. */
export const parseDateFilter = (raw: string, zone: string, side: 'start' | 'end' = 'start'): Date | null =>
  parseDateBound(raw, zone, side)?.at ?? null;

/** The wall-clock time of `instant` in `zone` as 'YYYY-MM-DD HH:mm:ss' (what the API's date-time filters read back). */
export const formatDateTimeIn = (instant: Date, zone: string): string => {
  const w = wallClockOf(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
};
