import { type DateBound, DEFAULT_TIME_ZONE, parseDateBound } from '@rfid/contract';
import { fieldError } from './errors.js';

/**
 * The server's reading of a date the API was sent (filters, statistics ranges), through the contract's
 * one codec (packages/contract/src/dates.ts) in the zone of the location asked about: YYYY-MM-DD (the
 * whole day there), ISO 8601 with or without offset, or 'YYYY-MM-DD HH:mm:ss' (a wall-clock time
 * there), from 1970 to 9999. Absent or empty: null; anything else is a 400 on `field`.
 */
export const parseDateBoundParam = (
  value: string | undefined,
  field: string,
  side: 'start' | 'end' = 'start',
  zone: string = DEFAULT_TIME_ZONE,
): DateBound | null => {
  if (value === undefined || value === '') return null;
  const bound = parseDateBound(value, zone, side);
  if (!bound) throw fieldError(field, 'common.date_time_range');
  return bound;
};

/**
 * As parseDateBoundParam, as one inclusive instant for `<=` comparisons: the end of a date-only value
 * is the last millisecond of that day in `zone` (the start of the next day, less 1 ms).
 */
export const parseDateParam = (...param: Parameters<typeof parseDateBoundParam>): Date | null => {
  const bound = parseDateBoundParam(...param);
  if (!bound) return null;
  return bound.inclusive ? bound.at : new Date(bound.at.getTime() - 1);
};
