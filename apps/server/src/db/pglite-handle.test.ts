import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../test/small-disk.js';
import { createPgliteHandle, DiskLowError, HELD_LOOP_MS, PgliteStoppedError } from './pglite-handle.js';

/** A stand-in for a PGlite instance: records the statements it is sent; `answer` decides each one's outcome. */
const fakePglite = (answer: (sql: string) => Promise<unknown> = async () => ({ rows: [] })) => {
  const sent: string[] = [];
  const notify = new Map<string, (payload: string) => void>();
  const instance = {
    sent,
    notify,
    query: (sql: string) => {
      sent.push(sql);
      return answer(sql);
    },
    exec: (sql: string) => {
      sent.push(sql);
      return answer(sql);
    },
    listen: async (channel: string, callback: (payload: string) => void) => {
      sent.push(`listen ${channel}`);
      notify.set(channel, callback);
      return async () => {
        sent.push(`unlisten ${channel}`);
      };
    },
    close: async () => {
      sent.push('close');
    },
  };
  // The handle calls only query, exec, listen and close on its instance: the fake has those.
  return instance as typeof instance & PGlite;
};

const panic = () =>
  Object.assign(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'), {
    code: '53100',
    severity: 'PANIC',
  });

describe('the embedded database handle', () => {
  it('lets one call at a time reach PGlite and counts the ones that wait', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const instance = fakePglite(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      return { rows: [] };
    });
    const handle = await createPgliteHandle({ open: async () => instance });
    const calls = [1, 2, 3].map((n) => handle.client.query(`select ${n}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(instance.sent).toEqual(['select 1']);
    expect(handle.waiting()).toBe(2);
    while (instance.sent.length < 3 || releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(calls);
    expect(most).toBe(1);
    expect(handle.waiting()).toBe(0);
  });

  it('lets the event loop turn during a long chain of statements (HELD_LOOP_MS), not only between callers', async () => {
    // Each statement holds the thread 5 ms, as PGlite's synchronous calls do; 80 of them in one transaction are 400 ms.
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // PGlite's work is synchronous: nothing else runs meanwhile.
      }
    };
    const instance = fakePglite(async () => {
      busy(5);
      return { rows: [] };
    });
    const handle = await createPgliteHandle({ open: async () => instance });
    // Timers that ran while the transaction held the handle, and at which statement.
    const firedAt: number[] = [];
    const timer = setInterval(() => firedAt.push(instance.sent.length), 10);
    try {
      await handle.client.transaction(async (tx) => {
        for (let i = 0; i < 80; i++) await tx.query(`insert into t values (${i})`);
      });
    } finally {
      clearInterval(timer);
      await handle.close();
    }
    // begin, 80 inserts, commit (then close).
    expect(instance.sent.slice(0, 82).filter((sql) => sql.startsWith('insert'))).toHaveLength(80);
    // The loop came round to its timers during the transaction, more than once, and never after 2 × HELD_LOOP_MS of
    // statements (each 5 ms) without a turn.
    const during = firedAt.filter((at) => at < 82);
    expect(during.length).toBeGreaterThan(2);
    const gaps = [during[0] ?? 0, ...during.slice(1).map((at, i) => at - (during[i] ?? 0))];
    expect(Math.max(...gaps)).toBeLessThanOrEqual((2 * HELD_LOOP_MS) / 5 + 2);
  });

  it('never calls a PGlite whose PostgreSQL PANICked again, and says the disk is full', async () => {
    const instance = fakePglite(async (sql) => {
      if (sql.startsWith('update')) throw panic();
      return { rows: [] };
    });
    // In memory (no folder): nothing to open again.
    const handle = await createPgliteHandle({ open: async () => instance });
    const states: boolean[] = [];
    await handle.listen('ch', { onNotify: () => {}, onState: (listening) => states.push(listening) });
    await expect(
      handle.client.transaction(async (tx) => {
        await tx.query('update t set v = 1');
      }),
    ).rejects.toMatchObject({ severity: 'PANIC' });
    // No ROLLBACK was sent to the stopped instance (it would spin forever), nor anything after.
    expect(instance.sent).toEqual(['listen ch', 'begin', 'update t set v = 1']);
    expect(handle.state()).toBe('stopped');
    expect(states).toEqual([true, false]);
    const next = handle.client.query('select 1');
    await expect(next).rejects.toBeInstanceOf(PgliteStoppedError);
    await expect(next).rejects.toMatchObject({ code: '53100' });
    expect(instance.sent).toHaveLength(3);
    await handle.close();
    expect(instance.sent).not.toContain('close');
  });

  it('opens a stopped database again on its folder, with its listeners', async () => {
    const first = fakePglite(async (sql) => {
      if (sql.startsWith('insert'))
        throw Object.assign(new Error('terminating connection'), { code: '57P01', severity: 'FATAL' });
      return { rows: [] };
    });
    const second = fakePglite();
    // The second opening waits until the test has seen the calls answered while stopped.
    let allowReopen = () => {};
    const reopenAllowed = new Promise<void>((resolve) => {
      allowReopen = resolve;
    });
    let opens = 0;
    const handle = await createPgliteHandle({
      open: async () => {
        opens += 1;
        if (opens === 1) return first;
        await reopenAllowed;
        return second;
      },
      dataDir: tmpdir(),
      reserveBytes: 0,
    });
    const states: boolean[] = [];
    const payloads: string[] = [];
    await handle.listen('ch', { onNotify: (payload) => payloads.push(payload), onState: (listening) => states.push(listening) });
    await expect(handle.client.query('insert into t values (1)')).rejects.toMatchObject({ severity: 'FATAL' });
    // Not the disk: the database is away for a moment (503).
    await expect(handle.client.query('select 1')).rejects.toMatchObject({ code: '57P03' });
    allowReopen();
    const deadline = Date.now() + 10_000;
    while (handle.state() === 'stopped' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handle.state()).toBe('ok');
    expect(states).toEqual([true, false, true]);
    expect(second.sent).toEqual(['listen ch']);
    second.notify.get('ch')?.('hello');
    expect(payloads).toEqual(['hello']);
    await handle.client.query('select 2');
    expect(second.sent).toEqual(['listen ch', 'select 2']);
    await handle.close();
    expect(second.sent.at(-1)).toBe('close');
  });

  it('makes the session read-only while the disk is nearly full, and answers a refused write as disk full', async () => {
    const instance = fakePglite(async (sql) => {
      if (sql.startsWith('insert')) {
        throw Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006', severity: 'ERROR' });
      }
      return { rows: [{ n: 1 }] };
    });
    // No disk has this much room: it is "nearly full" from the start.
    const handle = await createPgliteHandle({
      open: async () => instance,
      dataDir: tmpdir(),
      reserveBytes: Number.MAX_SAFE_INTEGER,
    });
    try {
      expect(handle.state()).toBe('low');
      expect(instance.sent).toEqual(['set default_transaction_read_only = on']);
      await expect(handle.client.query('insert into t values (1)')).rejects.toBeInstanceOf(DiskLowError);
      await expect(handle.client.query('insert into t values (1)')).rejects.toMatchObject({ code: '53100' });
      // Reads go on.
      await expect(handle.client.query('select 1')).resolves.toMatchObject({ rows: [{ n: 1 }] });
    } finally {
      await handle.close();
    }
  });
});

/**
 * The real thing, in a process of its own (a PGlite that hangs blocks its event loop, and vitest's timeout with it): a
 * PGlite on a small disk that fills at once, its PostgreSQL PANICking on the WAL, the handle answering at once and
 * opening it again once the disk has room. Needs a tmpfs (root); skipped, and says so, otherwise.
 */
describe('an embedded database whose disk fills at once', () => {
  let disk: SmallDisk | undefined;
  let skip = '';
  beforeAll(async () => {
    const mounted = await mountSmallDisk(96);
    if ('skip' in mounted) skip = mounted.skip;
    else disk = mounted;
    if (skip) console.warn(`SKIPPED the full-disk PANIC test: ${skip}`);
  });
  afterAll(async () => {
    await disk?.unmount();
  });

  it('stops, answers every call at once, and opens again by itself once space is freed', async (context) => {
    if (!disk) return context.skip();
    const fixture = fileURLToPath(new URL('../test/pglite-panic.fixture.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, disk.dir], {
      cwd: path.resolve(fileURLToPath(new URL('../../../..', import.meta.url))),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    clearTimeout(killer);
    expect(code, output).toBe(0);
    const steps = new Map<string, Record<string, unknown>>(
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .map((step) => [String(step.step), step]),
    );
    // PostgreSQL PANICked for the full disk (the failure that hung the server).
    expect(steps.get('write')).toMatchObject({ ok: false, code: '53100', severity: 'PANIC' });
    expect(steps.get('after')).toEqual({ step: 'after', state: 'stopped', states: [true, false] });
    for (const step of ['read while stopped', 'transaction while stopped']) {
      expect(steps.get(step)).toMatchObject({ ok: false, name: 'PgliteStoppedError', code: '53100' });
      expect(Number(steps.get(step)?.ms)).toBeLessThan(1_000);
    }
    expect(steps.get('reopened')).toMatchObject({ state: 'ok', states: [true, false, true] });
    // Everything committed before is there, the PANICked write is not, and writes work again.
    expect(steps.get('read after')).toMatchObject({ ok: true, value: { n: 1000 } });
    expect(steps.get('rows after')).toMatchObject({ ok: true, value: ['before'] });
    expect(steps.get('write after')).toMatchObject({ ok: true });
    expect(steps.get('notified')).toEqual({ step: 'notified', notes: ['hello'] });
  }, 120_000);
});
