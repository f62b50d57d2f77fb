import type { EpcisSchedule } from '@rfid/contract';

/**
 * The next run of a scheduled subscription (the binding's `schedule`, standard section 8.2.5.3), in UTC: each field is
 * a comma list of numbers or `[a-b]` ranges; an omitted field matches any value, except `second` (omitted: 0).
 * dayOfWeek counts 1 (Monday) to 7 (Sunday). The job runner ticks every 30 s, so runs are up to that late.
 */
const allowed = (field: string | undefined, min: number, max: number): Set<number> | null => {
  if (field === undefined) return null;
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const range = /^\[(\d+)-(\d+)\]$/.exec(part);
    const [from, to] = range ? [Number(range[1]), Number(range[2])] : [Number(part), Number(part)];
    for (let v = Math.max(from, min); v <= Math.min(to, max); v++) values.add(v);
  }
  return values;
};
const ok = (set: Set<number> | null, v: number) => set === null || set.has(v);

/** Whether the schedule can ever fire (every field allows some value). */
export const isSatisfiable = (schedule: EpcisSchedule): boolean =>
  nextScheduledRun(schedule, new Date('2000-01-01T00:00:00Z')) !== null;

export const nextScheduledRun = (schedule: EpcisSchedule, after: Date): Date | null => {
  const seconds = allowed(schedule.second ?? '0', 0, 59) ?? new Set([0]);
  const minutes = allowed(schedule.minute, 0, 59);
  const hours = allowed(schedule.hour, 0, 23);
  const days = allowed(schedule.dayOfMonth, 1, 31);
  const months = allowed(schedule.month, 1, 12);
  const weekdays = allowed(schedule.dayOfWeek, 1, 7);
  if ([seconds, minutes, hours, days, months, weekdays].some((s) => s !== null && s.size === 0)) return null;
  const secondList = [...seconds].sort((a, b) => a - b);
  const start = new Date(Math.floor(after.getTime() / 1000) * 1000 + 1000);
  const t = new Date(start);
  t.setUTCSeconds(0, 0);
  const limit = start.getTime() + 5 * 366 * 86_400_000;
  while (t.getTime() < limit) {
    const weekday = ((t.getUTCDay() + 6) % 7) + 1;
    if (!ok(months, t.getUTCMonth() + 1) || !ok(days, t.getUTCDate()) || !ok(weekdays, weekday)) {
      t.setUTCHours(0, 0, 0, 0);
      t.setUTCDate(t.getUTCDate() + 1);
      continue;
    }
    if (!ok(hours, t.getUTCHours())) {
      t.setUTCMinutes(0, 0, 0);
      t.setUTCHours(t.getUTCHours() + 1);
      continue;
    }
    if (ok(minutes, t.getUTCMinutes())) {
      for (const s of secondList) {
        const at = t.getTime() + s * 1000;
        if (at >= start.getTime()) return new Date(at);
      }
    }
    t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
  }
  return null;
};
