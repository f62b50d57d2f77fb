import { describe, expect, it } from 'vitest';
import { whileDatabaseAway, withRetry } from './retry.js';

/** A log that keeps its lines, and a clock that moves only when the loop sleeps. */
const harness = () => {
  const lines: { level: 'info' | 'warn'; message: string; details: Record<string, unknown> }[] = [];
  let clock = 0;
  const sleeps: number[] = [];
  return {
    lines,
    sleeps,
    log: {
      info: (details: object, message: string) => lines.push({ level: 'info', message, details: { ...details } }),
      warn: (details: object, message: string) => lines.push({ level: 'warn', message, details: { ...details } }),
    },
    clock: {
      now: () => clock,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        clock += ms;
      },
    },
  };
};

/** Work that fails `times` times with `error`, then answers 'ok'. */
const failing = (times: number, error: unknown = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) => {
  let calls = 0;
  const work = async () => {
    calls += 1;
    if (calls <= times) throw error;
    return 'ok';
  };
  return { work, calls: () => calls };
};

describe('withRetry', () => {
  it('waits twice as long after each failure, up to the maximum, and answers what the work answers', async () => {
    const { log, clock, sleeps } = harness();
    const { work, calls } = failing(6);
    expect(await withRetry(work, log, { what: 'x', baseMs: 100, maxMs: 1_000, ...clock })).toBe('ok');
    expect(calls()).toBe(7);
    expect(sleeps).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('writes a line at the first failure, then one per logEveryMs, and one when it succeeds after failing', async () => {
    const { log, clock, lines } = harness();
    // 40 failures, 1 s apart (after the backoff reaches its maximum): 40 s of waiting.
    const { work } = failing(40);
    await withRetry(work, log, { what: 'start-up: x', baseMs: 1_000, maxMs: 1_000, logEveryMs: 10_000, ...clock });
    const warnings = lines.filter((line) => line.level === 'warn');
    // At 0 s, 10 s, 20 s and 30 s: four lines for forty attempts.
    expect(warnings.map((line) => line.details.waitedMs)).toEqual([0, 10_000, 20_000, 30_000]);
    expect(warnings.map((line) => line.details.attempt)).toEqual([1, 11, 21, 31]);
    expect(warnings.every((line) => line.message === 'start-up: x; retrying')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ level: 'info', message: 'start-up: x: done after a wait', details: { attempts: 41 } });
  });

  it('writes nothing when the work succeeds at once', async () => {
    const { log, clock, lines } = harness();
    await withRetry(failing(0).work, log, { what: 'x', ...clock });
    expect(lines).toEqual([]);
  });

  it('throws at once a failure it is not to wait out', async () => {
    const { log, clock } = harness();
    const refusal = new Error('refused');
    const { work, calls } = failing(3, refusal);
    await expect(withRetry(work, log, { what: 'x', shouldRetry: (error) => error !== refusal, ...clock })).rejects.toBe(refusal);
    expect(calls()).toBe(1);
  });

  it('gives up with the last failure once the caller is stopping', async () => {
    const { log, clock } = harness();
    let stopping = false;
    const { work, calls } = failing(100);
    const sleep = async (ms: number) => {
      await clock.sleep(ms);
      if (calls() === 3) stopping = true;
    };
    await expect(withRetry(work, log, { what: 'x', isStopping: () => stopping, now: clock.now, sleep })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    expect(calls()).toBe(3);
  });
});

describe('whileDatabaseAway', () => {
  it('waits out the database being away (refused, restarting) and nothing else', async () => {
    const { log, clock } = harness();
    const starting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    const restarting = failing(2, { message: 'Failed query', cause: starting });
    expect(await whileDatabaseAway('x', restarting.work, log, clock)).toBe('ok');
    expect(restarting.calls()).toBe(3);

    const broken = failing(1, Object.assign(new Error('relation "items" does not exist'), { code: '42P01' }));
    await expect(whileDatabaseAway('x', broken.work, log, clock)).rejects.toThrow(/does not exist/);
    expect(broken.calls()).toBe(1);
  });
});
