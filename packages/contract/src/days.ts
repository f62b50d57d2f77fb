// Calendar days (YYYY-MM-DD) and today in a time zone: the pure rules of stats.ts and dates.ts that the web's first
// pages need (lib/format.ts), in a module without Zod, so that they do not bring Zod and the schemas of those modules
// into the first load (issue 30, pages on a phone). stats.ts and dates.ts re-export them.

const DAY_MS = 86_400_000;
export const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD (calendar date, no time zone) as days since 1970-01-01, or null. */
export const dayNumber = (day: string): number | null => {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(time);
  // 2026-02-31 is not a date.
  if (back.getUTCMonth() !== Number(m[2]) - 1 || back.getUTCDate() !== Number(m[3])) return null;
  return time / DAY_MS;
};

/** YYYY-MM-DD `n` days after `day`. */
export const addDays = (day: string, n: number): string => {
  const base = dayNumber(day);
  if (base === null) return day;
  return new Date((base + n) * DAY_MS).toISOString().slice(0, 10);
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/** A cached formatter of wall-clock parts in `zone`; throws a RangeError for an unknown zone. */
export const formatterOf = (zone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export const wallClockOf = (instant: Date, zone: string): WallClock => {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

export const pad = (n: number, size = 2): string => String(n).padStart(size, '0');

/** The calendar day (YYYY-MM-DD) of `instant` in `zone`. */
export const dayOf = (instant: Date, zone: string): string => {
  const w = wallClockOf(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
};

/** Today (YYYY-MM-DD) in `zone`. */
export const todayIn = (zone: string, now: Date = new Date()): string => dayOf(now, zone);
