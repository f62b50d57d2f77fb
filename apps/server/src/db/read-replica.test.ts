import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadRouter, freshAsOf, lsnBytes, type ReadRouter } from './read-replica.js';

/** A pg.Pool stand-in: answers each query with `answer(text)`, or throws what it returns when that is an Error. */
const fakePool = (answer: (text: string) => Record<string, unknown>[] | Error) => {
  const ran: string[] = [];
  const pool = {
    ran,
    query: async (config: string | { text: string }) => {
      const text = typeof config === 'string' ? config : config.text;
      ran.push(text);
      const result = answer(text);
      if (result instanceof Error) throw result;
      return { rows: result };
    },
    end: async () => {},
  };
  // Only query() and end() of a pg.Pool are used by the router and its monitor.
  return pool as typeof pool & pg.Pool;
};

const connectionRefused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

describe('lsnBytes and the lag rule (freshAsOf)', () => {
  it('reads pg_lsn text as bytes', () => {
    expect(lsnBytes('0/0')).toBe(0n);
    expect(lsnBytes('1/0')).toBe(4_294_967_296n);
    expect(lsnBytes('16/B374D848')).toBe(0x16n * 4_294_967_296n + 0xb374d848n);
    expect(() => lsnBytes('nope')).toThrow();
  });
  it('is the newest moment whose primary position the standby has replayed', () => {
    const samples = [
      { at: 1_000, lsn: 100n },
      { at: 2_000, lsn: 200n },
      { at: 3_000, lsn: 300n },
    ];
    expect(freshAsOf(samples, 300n)).toBe(3_000);
    expect(freshAsOf(samples, 250n)).toBe(2_000);
    expect(freshAsOf(samples, 99n)).toBeUndefined();
  });
});

describe('the read router', () => {
  let clock = 0;
  let primaryLsn = '0/100';
  let replayLsn: string | Error = '0/100';
  let router: ReadRouter | undefined;
  const primary = fakePool((text) => (text.includes('pg_current_wal_lsn') ? [{ lsn: primaryLsn }] : [{ on: 'primary' }]));
  const replica = fakePool(() => (replayLsn instanceof Error ? replayLsn : [{ on: 'replica' }]));
  const monitor = fakePool(() => (replayLsn instanceof Error ? replayLsn : [{ standby: true, lsn: replayLsn }]));
  const open = (maxLagMs = 2_000) => {
    // A long check period: the test runs each check itself (router.check), on its own clock.
    router = createReadRouter({ primary, replica, replicaMonitor: monitor, maxLagMs, checkMs: 60_000, now: () => clock });
    return router;
  };
  /** Where one read of `userId` (none: anonymous) goes now. */
  const readBy = (r: ReadRouter, userId?: number) =>
    new Promise<string>((resolve, reject) => {
      r.runRequest(userId, false, () => {
        r.pool
          .query('select 1')
          .then((result) => resolve(String(result.rows[0]?.on)))
          .catch(reject);
      });
    });
  afterEach(async () => {
    await router?.close();
    clock = 0;
    primaryLsn = '0/100';
    replayLsn = '0/100';
  });

  it('reads from the primary until the first check, then from the caught-up standby', async () => {
    const r = open();
    expect(await readBy(r)).toBe('primary');
    await r.check();
    expect(r.status()).toMatchObject({ target: 'replica', reason: 'ok', bytesBehind: 0 });
    expect(await readBy(r)).toBe('replica');
  });

  it('goes to the primary once the standby is known to be older than the bound, back when it catches up', async () => {
    const r = open(2_000);
    await r.check(); // at 0: replayed 0/100, fresh as of 0
    primaryLsn = '0/200';
    clock = 1_000;
    await r.check(); // the standby is still at 0/100: fresh as of 0, 1 s old
    expect(await readBy(r)).toBe('replica');
    expect(r.status().bytesBehind).toBe(0x100);
    clock = 2_500;
    await r.check();
    expect(r.status()).toMatchObject({ target: 'primary', reason: 'lag', lagMs: 2_500 });
    expect(await readBy(r)).toBe('primary');
    replayLsn = '0/200';
    clock = 3_000;
    await r.check();
    expect(r.status()).toMatchObject({ target: 'replica', reason: 'ok', lagMs: 0 });
  });

  it("sends a user's reads to the primary after their write until the standby has replayed past it", async () => {
    const r = open();
    await r.check();
    clock = 100;
    r.noteWrite(7);
    expect(await readBy(r, 7)).toBe('primary');
    expect(await readBy(r, 8)).toBe('replica');
    clock = 200;
    primaryLsn = '0/300';
    replayLsn = '0/300';
    await r.check(); // a check after the write that finds it replayed
    expect(await readBy(r, 7)).toBe('replica');
  });

  it('pins one request to the primary when it writes, and all of a request to the server of its first read', async () => {
    const r = open();
    await r.check();
    const onWrite = await new Promise<string>((resolve) => {
      r.runRequest(1, true, () => {
        void r.pool.query('select 1').then((result) => resolve(String(result.rows[0]?.on)));
      });
    });
    expect(onWrite).toBe('primary');
    const both = await new Promise<string[]>((resolve) => {
      r.runRequest(1, false, () => {
        void (async () => {
          const first = await r.pool.query('select 1');
          clock = 10_000; // the standby now looks old: the request keeps its server all the same
          const second = await r.pool.query('select 1');
          resolve([String(first.rows[0]?.on), String(second.rows[0]?.on)]);
        })();
      });
    });
    expect(both).toEqual(['replica', 'replica']);
  });

  it('runs a read again on the primary when the standby cannot be reached, and keeps to the primary until a check', async () => {
    const r = open();
    await r.check();
    replayLsn = connectionRefused();
    expect(await readBy(r)).toBe('primary');
    expect(r.status()).toMatchObject({ target: 'primary', reason: 'unreachable', fallbacks: 1 });
    expect(await readBy(r)).toBe('primary');
    expect(r.status().fallbacks).toBe(1);
    await r.check();
    expect(r.status().reason).toBe('unreachable');
    replayLsn = '0/100';
    await r.check();
    expect(r.status()).toMatchObject({ target: 'replica', reason: 'ok' });
  });

  it('does not retry a query error that is not a connection failure', async () => {
    const r = open();
    await r.check();
    replayLsn = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    await expect(readBy(r)).rejects.toThrow('does not exist');
    expect(r.status().fallbacks).toBe(0);
  });

  it('reads from the primary when the read URL is no standby', async () => {
    const r = open();
    const notStandby = fakePool(() => [{ standby: false, lsn: null }]);
    await r.close();
    router = createReadRouter({
      primary,
      replica,
      replicaMonitor: notStandby,
      maxLagMs: 2_000,
      checkMs: 60_000,
      now: () => clock,
    });
    await router.check();
    expect(router.status()).toMatchObject({ target: 'primary', reason: 'not_standby', lagMs: null });
  });
});
