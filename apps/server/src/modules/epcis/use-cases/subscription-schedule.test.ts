import { describe, expect, it } from 'vitest';
import { isSatisfiable, nextScheduledRun } from './subscription-schedule.js';

describe('subscription schedule (the binding’s cron-like fields, UTC)', () => {
  const after = new Date('2026-11-29T11:07:30Z'); // a Sunday

  it('runs at the next listed minute, at second 0', () => {
    expect(nextScheduledRun({ minute: '0,30' }, after)).toEqual(new Date('2026-11-29T11:30:00Z'));
  });
  it('every minute when only seconds are given', () => {
    expect(nextScheduledRun({ second: '15' }, after)).toEqual(new Date('2026-11-29T11:08:15Z'));
  });
  it('ranges of hours, and the next day when today is over', () => {
    expect(nextScheduledRun({ hour: '[1-2]', minute: '5' }, after)).toEqual(new Date('2026-11-30T01:05:00Z'));
  });
  it('a weekday (1 Monday … 7 Sunday) and a day of the month', () => {
    expect(nextScheduledRun({ dayOfWeek: '3', hour: '1', minute: '5' }, after)).toEqual(new Date('2026-12-02T01:05:00Z'));
    expect(nextScheduledRun({ dayOfMonth: '1', month: '1', hour: '0', minute: '0' }, after)).toEqual(
      new Date('2027-01-01T00:00:00Z'),
    );
  });
  it('never strictly before or at the instant it is asked after', () => {
    expect(nextScheduledRun({ minute: '7', second: '30' }, after)).toEqual(new Date('2026-11-29T12:07:30Z'));
  });
  it('a schedule that can never fire (31 February) has no next run', () => {
    expect(nextScheduledRun({ dayOfMonth: '31', month: '2' }, after)).toBeNull();
    expect(isSatisfiable({ minute: '61' })).toBe(false);
  });
});
