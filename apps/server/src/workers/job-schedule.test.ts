import { describe, expect, it } from 'vitest';
import { retryDelay } from './job-run.js';
import { periodJob, periodStarts } from './job-schedule.js';

const HOUR = 3_600_000;

describe('job scheduling rules', () => {
  it("queues the next period's start, and the current one's first when it is due, once", () => {
    const at = Date.UTC(2026, 10, 30, 9, 30);
    const current = Date.UTC(2026, 10, 30, 9);
    expect(periodStarts({ everyMs: HOUR }, 0, at)).toEqual({ starts: [current + HOUR], next: current + HOUR });
    expect(periodStarts({ everyMs: HOUR, isCurrentPeriodDue: true }, 0, at)).toEqual({
      starts: [current, current + HOUR],
      next: current + HOUR,
    });
    expect(periodStarts({ everyMs: HOUR, isCurrentPeriodDue: true }, current + HOUR, at)).toEqual({
      starts: [],
      next: current + HOUR,
    });
  });

  it('starts the periods at their offset', () => {
    const day = 24 * HOUR;
    const at = Date.UTC(2026, 10, 30, 0, 0, 0, 500);
    expect(periodStarts({ everyMs: day, offsetMs: 1_000 }, 0, at).starts).toEqual([Date.UTC(2026, 10, 30, 0, 0, 1)]);
  });

  it("keys a period's job by its kind and start unless the schedule says otherwise", () => {
    const start = new Date(Date.UTC(2026, 10, 30, 10));
    expect(periodJob({ kind: 'x', everyMs: HOUR }, start)).toEqual({
      kind: 'x',
      key: 'x:2026-11-30T10:00:00.000Z',
      payload: {},
      runAt: start,
    });
    const custom = periodJob({ kind: 'x', everyMs: HOUR, keyOf: () => 'k', payloadOf: (d) => ({ at: d.getTime() }) }, start);
    expect(custom).toMatchObject({ key: 'k', payload: { at: start.getTime() } });
  });

  it('retries after a delay from 5 s, doubling, at most 5 min (or as the kind says)', () => {
    expect(retryDelay({}, 1)).toBe(5_000);
    expect(retryDelay({}, 3)).toBe(20_000);
    expect(retryDelay({}, 20)).toBe(300_000);
    expect(retryDelay({ retryBaseMs: 100, retryMaxMs: 1_000 }, 2)).toBe(200);
    expect(retryDelay({ retryBaseMs: 100, retryMaxMs: 1_000 }, 9)).toBe(1_000);
  });
});
