import { JobState } from '@rfid/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { gate, jobRow, jobsOfKind, runnerPool, waitUntil } from '../test/job-fixtures.js';
import { CLEANUP_JOB, type JobContext, JobLeaseLostError, PermanentJobError } from './job-runner.js';

/**
 * The job runner with several runners ("processes") on one database: a job runs once at a time and once in all;
 * a job whose process died is taken over when its lease runs out, and the dead run's result is refused; failures are
 * retried, then fail with their last error; keys keep jobs from being queued twice, periodic ones included.
 */
describe('job runner', () => {
  let t: TestApp;
  let pool: ReturnType<typeof runnerPool>;
  const db = () => t.database.db;
  /** The job's row once it is in `state` (polled until then). */
  const jobReaching = (id: number, state: JobState) =>
    waitUntil(
      () => jobRow(db(), id),
      (r) => r.state === state,
    );

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    pool = runnerPool(t.database.db);
  });
  afterEach(async () => pool.stopAll());
  afterAll(async () => t?.close());

  it('two runners on one database never run the same job twice', async () => {
    const runs: { id: number; owner: string }[] = [];
    const a = pool.make('runner-a', { concurrency: 2 });
    const b = pool.make('runner-b', { concurrency: 2 });
    for (const runner of [a, b]) {
      runner.register('test-count', async ({ job }) => {
        runs.push({ id: job.id, owner: runner.owner });
        // Some work, so that the other runner gets jobs too.
        await db().execute(sql`select pg_sleep(0.01)`);
      });
    }
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push((await a.enqueue(db(), { kind: 'test-count', payload: { i } })) as number);
    a.start();
    b.start();
    const rows = await waitUntil(
      () => jobsOfKind(db(), 'test-count'),
      (all) => all.length === 30 && all.every((r) => r.state === JobState.Done),
    );
    expect(runs).toHaveLength(30);
    expect(new Set(runs.map((r) => r.id)).size).toBe(30);
    expect(new Set(runs.map((r) => r.owner))).toEqual(new Set(['runner-a', 'runner-b']));
    expect(rows.every((r) => r.attempts === 1 && r.progress === 100 && r.finishedAt !== null)).toBe(true);
  });

  it('a running job whose lease ran out (its process died) is run by another runner', async () => {
    const [dead] = await db()
      .insert(jobs)
      .values({
        kind: 'test-orphan',
        payload: { n: 1 },
        state: JobState.Running,
        attempts: 1,
        leaseOwner: 'dead-process',
        leaseUntil: sql`now() - interval '1 second'`,
        progress: 20,
      })
      .returning({ id: jobs.id });
    const id = dead?.id as number;
    const b = pool.make('runner-b');
    const seen: number[] = [];
    b.register<{ n: number }>('test-orphan', async ({ job, heartbeat }) => {
      seen.push(job.payload.n);
      await heartbeat(60);
    });
    b.start();
    const row = await jobReaching(id, JobState.Done);
    expect(seen).toEqual([1]);
    expect(row).toMatchObject({ attempts: 2, leaseOwner: 'runner-b', progress: 100 });
    expect(row.lastError).toContain('dead-process');
  });

  it('a runner stopped mid-job leaves it to its lease; another takes it over and the first one’s result is refused', async () => {
    const a = pool.make('runner-a', { leaseMs: 300 });
    const b = pool.make('runner-b', { leaseMs: 300 });
    const hang = gate();
    let isAStarted = false;
    let aOutcome: unknown;
    const commits: string[] = [];
    a.register('test-hang', async ({ finish }: JobContext<unknown>) => {
      isAStarted = true;
      await hang.opened; // deaf to the stop: a hung process
      try {
        await finish(async () => {
          commits.push('runner-a');
        });
      } catch (error) {
        aOutcome = error;
        throw error;
      }
    });
    b.register('test-hang', async ({ finish }: JobContext<unknown>) => {
      await finish(async () => {
        commits.push('runner-b');
      });
    });
    const id = (await a.enqueue(db(), { kind: 'test-hang', payload: {} })) as number;
    a.start();
    await waitUntil(
      async () => isAStarted,
      (started) => started,
    );
    await a.stop({ graceMs: 0 }); // no more lease renewals: as if the process died
    b.start();
    const row = await jobReaching(id, JobState.Done);
    expect(row).toMatchObject({ attempts: 2, leaseOwner: 'runner-b' });
    hang.open();
    await waitUntil(
      async () => aOutcome,
      (outcome) => outcome !== undefined,
    );
    expect(aOutcome).toBeInstanceOf(JobLeaseLostError);
    expect(commits).toEqual(['runner-b']);
    expect(await jobRow(db(), id)).toMatchObject({ state: JobState.Done, attempts: 2, leaseOwner: 'runner-b' });
  });

  it('the lease is renewed while a long job runs: no other runner takes it', async () => {
    // Short enough to run out several times over during the test, long enough for a busy machine's renewals.
    const leaseMs = 600;
    const a = pool.make('runner-a', { leaseMs });
    const b = pool.make('runner-b', { leaseMs });
    const work = gate();
    const owners: string[] = [];
    for (const runner of [a, b]) {
      runner.register('test-long', async () => {
        owners.push(runner.owner);
        await work.opened;
      });
    }
    const id = (await a.enqueue(db(), { kind: 'test-long', payload: {} })) as number;
    a.start();
    const claimed = await jobReaching(id, JobState.Running);
    b.start();
    // Held well past three leases, renewed all along.
    await waitUntil(
      () => jobRow(db(), id),
      (r) => (r.leaseUntil?.getTime() ?? 0) > (claimed.startedAt?.getTime() ?? 0) + 4 * leaseMs,
    );
    work.open();
    const row = await jobReaching(id, JobState.Done);
    expect(owners).toEqual(['runner-a']);
    expect(row).toMatchObject({ attempts: 1, leaseOwner: 'runner-a' });
  });

  it('a failing job is retried with a delay, then failed with its last error; a permanent failure is not retried', async () => {
    const a = pool.make('runner-a');
    const failures: string[] = [];
    let calls = 0;
    a.register(
      'test-flaky',
      async ({ job }) => {
        calls += 1;
        throw new Error(`boom ${job.attempts}`);
      },
      {
        maxAttempts: 3,
        retryBaseMs: 30,
        onFailed: async (tx, job, error) => {
          failures.push(`${job.id}: ${error}`);
          await tx.execute(sql`select 1`);
        },
      },
    );
    let mended = 0;
    a.register(
      'test-mended',
      async () => {
        mended += 1;
        if (mended < 3) throw new Error('not yet');
      },
      { retryBaseMs: 30 },
    );
    a.register('test-permanent', async () => {
      throw new PermanentJobError('never');
    });
    const flaky = (await a.enqueue(db(), { kind: 'test-flaky', payload: {} })) as number;
    const fixed = (await a.enqueue(db(), { kind: 'test-mended', payload: {} })) as number;
    const hopeless = (await a.enqueue(db(), { kind: 'test-permanent', payload: {} })) as number;
    a.start();
    const failed = await jobReaching(flaky, JobState.Failed);
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, lastError: 'boom 3' });
    expect(failed.finishedAt).not.toBeNull();
    expect(calls).toBe(3);
    expect(failures).toEqual([`${flaky}: boom 3`]);
    const done = await jobReaching(fixed, JobState.Done);
    expect(done).toMatchObject({ attempts: 3, lastError: 'not yet' });
    expect(await jobReaching(hopeless, JobState.Failed)).toMatchObject({ attempts: 1, lastError: 'never' });
  });

  it('a job whose process died on every attempt fails without running again', async () => {
    const [dead] = await db()
      .insert(jobs)
      .values({
        kind: 'test-crasher',
        payload: {},
        state: JobState.Running,
        attempts: 3,
        maxAttempts: 3,
        leaseOwner: 'dead-process',
        leaseUntil: sql`now() - interval '1 second'`,
      })
      .returning({ id: jobs.id });
    const a = pool.make('runner-a');
    let calls = 0;
    const failures: string[] = [];
    a.register(
      'test-crasher',
      async () => {
        calls += 1;
      },
      { onFailed: async (_tx, _job, error) => void failures.push(error) },
    );
    a.start();
    const row = await jobReaching(dead?.id as number, JobState.Failed);
    expect(calls).toBe(0);
    expect(row.lastError).toContain('dead-process');
    expect(failures).toHaveLength(1);
  });

  it('a stopping runner gives back a job whose handler stops: another runs it, not counted as an attempt', async () => {
    const a = pool.make('runner-a');
    let isAStarted = false;
    a.register('test-polite', async ({ signal }) => {
      isAStarted = true;
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    });
    const id = (await a.enqueue(db(), { kind: 'test-polite', payload: {} })) as number;
    a.start();
    await waitUntil(
      async () => isAStarted,
      (started) => started,
    );
    await a.stop();
    expect(await jobRow(db(), id)).toMatchObject({ state: JobState.Queued, attempts: 0, leaseOwner: null });
    const b = pool.make('runner-b');
    b.register('test-polite', async () => {});
    b.start();
    expect(await jobReaching(id, JobState.Done)).toMatchObject({ attempts: 1, leaseOwner: 'runner-b' });
  });

  it('a key is queued once, even after its job is done', async () => {
    const a = pool.make('runner-a');
    let calls = 0;
    a.register('test-once', async () => {
      calls += 1;
    });
    const first = await a.enqueue(db(), { kind: 'test-once', key: 'test-once:1', payload: {} });
    expect(first).not.toBeNull();
    expect(await a.enqueue(db(), { kind: 'test-once', key: 'test-once:1', payload: { other: true } })).toBeNull();
    a.start();
    await jobReaching(first as number, JobState.Done);
    expect(await a.enqueue(db(), { kind: 'test-once', key: 'test-once:1', payload: {} })).toBeNull();
    expect(await jobsOfKind(db(), 'test-once')).toHaveLength(1);
    expect(calls).toBe(1);
  });

  it('a periodic job runs once per period with two runners', async () => {
    const everyMs = 250;
    const runs: string[] = [];
    const [a, b] = [pool.make('runner-a'), pool.make('runner-b')];
    for (const runner of [a, b]) {
      runner.register('test-tick', async ({ job }) => {
        runs.push(job.key as string);
      });
      runner.every({ kind: 'test-tick', everyMs, isCurrentPeriodDue: true });
    }
    a.start();
    b.start();
    const done = await waitUntil(
      async () => (await jobsOfKind(db(), 'test-tick')).filter((r) => r.state === JobState.Done),
      (rows) => rows.length >= 4,
    );
    await a.stop();
    await b.stop();
    const all = await jobsOfKind(db(), 'test-tick');
    const finished = all.filter((r) => r.state === JobState.Done);
    expect(finished.length).toBeGreaterThanOrEqual(done.length);
    // One job per period, each run once, by either runner.
    expect(new Set(all.map((r) => r.key)).size).toBe(all.length);
    expect(finished.every((r) => r.attempts === 1)).toBe(true);
    expect(runs.sort()).toEqual(finished.map((r) => r.key as string).sort());
    const starts = all.map((r) => Date.parse((r.key as string).slice('test-tick:'.length)));
    expect(starts.every((s) => s % everyMs === 0)).toBe(true);
    expect(all.every((r) => r.runAt.getTime() === Date.parse((r.key as string).slice('test-tick:'.length)))).toBe(true);
  });

  it('old done and failed jobs are cleaned', async () => {
    const finished = (state: JobState, ago: string, key: string) => ({
      kind: 'test-old',
      key,
      payload: {},
      state,
      finishedAt: sql`now() - ${ago}::interval`,
    });
    await db()
      .insert(jobs)
      .values([
        finished(JobState.Done, '2 days', 'old-done'),
        finished(JobState.Done, '1 hour', 'young-done'),
        finished(JobState.Failed, '30 days', 'old-failed'),
        finished(JobState.Failed, '2 days', 'young-failed'),
      ]);
    const a = pool.make('runner-a');
    const id = (await a.enqueue(db(), { kind: CLEANUP_JOB, key: 'test-cleanup', payload: {} })) as number;
    a.start();
    await jobReaching(id, JobState.Done);
    const left = await db().select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, 'test-old'));
    expect(left.map((r) => r.key).sort()).toEqual(['young-done', 'young-failed']);
  });
});
