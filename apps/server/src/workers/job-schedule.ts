import type { PeriodicJob } from './job-types.js';

/**
 * The periods a process queues for `schedule` at `at` (ms), having queued up to `queuedUntil` (0: none yet): the next
 * period's start (and the current one's at first, when `isCurrentPeriodDue`), or none when the next is queued already.
 * `next` is the new `queuedUntil`.
 */
export const periodStarts = (
  schedule: Pick<PeriodicJob, 'everyMs' | 'offsetMs' | 'isCurrentPeriodDue'>,
  queuedUntil: number,
  at: number,
): { starts: number[]; next: number } => {
  const offset = schedule.offsetMs ?? 0;
  const current = Math.floor((at - offset) / schedule.everyMs) * schedule.everyMs + offset;
  const next = current + schedule.everyMs;
  if (queuedUntil >= next) return { starts: [], next: queuedUntil };
  return { starts: queuedUntil === 0 && schedule.isCurrentPeriodDue ? [current, next] : [next], next };
};

/** The job of the period that starts at `date`: its key (one job per period, whichever process queues it) and payload. */
export const periodJob = (schedule: PeriodicJob, date: Date) => ({
  kind: schedule.kind,
  key: schedule.keyOf ? schedule.keyOf(date) : `${schedule.kind}:${date.toISOString()}`,
  payload: schedule.payloadOf ? schedule.payloadOf(date) : {},
  runAt: date,
});
