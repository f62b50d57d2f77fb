import { addDays, todayIn } from '@rfid/contract';
import dayjs from 'dayjs';

/**
 * Display formats (docs/writing-guide.md): dates DD/MM/YYYY and date-times DD/MM/YYYY HH:mm (24 hours) in both
 * languages, everywhere on screen, in the browser's time zone (the location's: the app sets none of its own); prices
 * with 2 decimals, quantities with 0. Numbers follow the user's language through Intl.
 */
type DateInput = string | number | Date | null | undefined;

const toDayjs = (value: DateInput) => {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
};

const localeOf = (language?: string): string => (language?.startsWith('en') ? 'en-GB' : 'es-ES');

/** DD/MM/YYYY, or `fallback` when there is no date. */
export const formatDate = (value: DateInput, fallback = ''): string => toDayjs(value)?.format('DD/MM/YYYY') ?? fallback;

/** DD/MM/YYYY HH:mm, 24 hours (e.g. 23/11/2026 15:05): the one date-time of every page, table and card. */
export const formatDateTime = (value: DateInput, fallback = ''): string => toDayjs(value)?.format('DD/MM/YYYY HH:mm') ?? fallback;

const numberFormats = new Map<string, Intl.NumberFormat>();
/**
 * The number format of `language` with these options, made once: building one costs far more than formatting with it
 * (issue 30, a phone's CPU: a page formats every figure and every row's counts as it first draws).
 */
const numberFormat = (language: string | undefined, kind: 'quantity' | 'number' | 'percent', digits: number) => {
  const locale = localeOf(language);
  const key = `${locale}|${kind}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      kind === 'number'
        ? { minimumFractionDigits: digits, maximumFractionDigits: digits }
        : kind === 'percent'
          ? { style: 'percent', maximumFractionDigits: digits }
          : { maximumFractionDigits: digits };
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
};

/** A quantity: integer, grouped in the user's language. */
export const formatQuantity = (value: number | null | undefined, language?: string): string =>
  value === null || value === undefined || Number.isNaN(value) ? '' : numberFormat(language, 'quantity', 0).format(value);

/** Any number with `digits` decimals (default 2: prices, stock change). */
export const formatNumber = (value: number | null | undefined, language?: string, digits = 2): string =>
  value === null || value === undefined || Number.isNaN(value) ? '' : numberFormat(language, 'number', digits).format(value);

/** A percent given as 0–100 (not 0–1), e.g. 42 → "42 %" / "42%". */
export const formatPercent = (value: number | null | undefined, language?: string, digits = 0): string =>
  value === null || value === undefined || Number.isNaN(value)
    ? ''
    : numberFormat(language, 'percent', digits).format(value / 100);

/** Bytes as B / KB / MB for download progress. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

/**
 * Query bounds of a date range, as the contract's date codec reads them (packages/contract/src/dates.ts):
 * date-only values, each the whole day (from 00:00, up to the next day's start) in the location's time
 * zone, so the server and the web agree on what a day is, across DST changes too.
 */
export const rangeBounds = (start: string, end: string): { start: string; end: string } => ({ start, end });

/** The browser's IANA time zone (the days the date inputs show). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The default filter range: the last 30 days, ending today. */
export const defaultDateRange = (today: DateInput = new Date()): { start: string; end: string } => {
  const end = todayIn(browserTimeZone(), toDayjs(today)?.toDate() ?? new Date());
  return { start: addDays(end, -30), end };
};

/** Start ≤ end and neither after today; returns which bound is wrong, or null. */
export const validateDateRange = (
  range: { start: string; end: string },
  today: DateInput = new Date(),
): 'start' | 'end' | null => {
  const limit = dayjs(today).format('YYYY-MM-DD');
  if (range.start && range.start > limit) return 'start';
  if (range.end && range.end > limit) return 'end';
  if (range.start && range.end && range.start > range.end) return 'end';
  return null;
};
