import { RECENT_SALES_DAYS, startOfDay, todayIn } from '@rfid/contract';

const DAY_MS = 86_400_000;

/** The store's day (picks count from its start, in the store's time zone) and the start of its recent sales. */
export const storeDay = (timeZone: string, now: Date): { dayStart: Date; salesSince: Date } => ({
  dayStart: startOfDay(todayIn(timeZone, now), timeZone),
  salesSince: new Date(now.getTime() - RECENT_SALES_DAYS * DAY_MS),
});
