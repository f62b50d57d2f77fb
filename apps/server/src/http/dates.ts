import { DATE_RANGE_MESSAGE, parseApiDate } from '@rfid/contract';
import { fieldError } from './errors.js';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The one reading of a date the API was sent (filters, statistics ranges): YYYY-MM-DD (the start
 * or, with side 'end', the end of that UTC day), ISO 8601 or 'YYYY-MM-DD HH:mm:ss', from 1970 to
 * 9999 (`parseApiDate` of the contract). Absent or empty: null; anything else is a 400 on `field`.
 */
export const parseDateParam = (value: string | undefined, field: string, side: 'start' | 'end' = 'start'): Date | null => {
  if (value === undefined || value === '') return null;
  const text = value.trim();
  const date = parseApiDate(text);
  if (!date || (DAY_ONLY.test(text) && date.toISOString().slice(0, 10) !== text)) {
    throw fieldError(field, `Enter a valid date/time. ${DATE_RANGE_MESSAGE}`);
  }
  return DAY_ONLY.test(text) && side === 'end' ? new Date(date.getTime() + 86_400_000 - 1) : date;
};
