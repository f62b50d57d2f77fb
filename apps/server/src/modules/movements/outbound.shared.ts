import { DEFAULT_TIME_ZONE, daysSpanned } from '@rfid/contract';
import { parseDateParam } from '../../http/dates.js';
import { fieldError } from '../../http/errors.js';

/** Small helpers shared by the movements and online services. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const secondsBetween = (from: Date, to: Date | null, now: Date): number =>
  Math.max(0, Math.round(((to ?? now).getTime() - from.getTime()) / 1000));

/** Seconds to hours with 2 decimals. */
export const hours = (seconds: number | null): number | null =>
  seconds === null ? null : Math.round((seconds / 3600) * 100) / 100;

/**
 * A statistics range from date_start/date_end read in the location's zone (a date-only end is the end of
 * that day there); default the last 30 days; the days it spans (≥ 1).
 */
export const statsRange = (query: { date_start?: string; date_end?: string }, now = new Date(), zone?: string) => {
  const to = parseDateParam(query.date_end, 'date_end', 'end', zone) ?? now;
  const from = parseDateParam(query.date_start, 'date_start', 'start', zone) ?? new Date(to.getTime() - 30 * 86_400_000);
  if (from > to) throw fieldError('date_start', 'date_start is after date_end.');
  return { from, to, days: daysSpanned(from, to, zone ?? DEFAULT_TIME_ZONE) };
};

export const perDay = (n: number, days: number): number => Math.round((n / days) * 100) / 100;

/** A side is late when its estimate has passed and the side has not happened yet. */
export const isLate = (estimate: Date | null, happened: Date | null, now: Date): boolean =>
  estimate !== null && happened === null && now.getTime() > estimate.getTime();
