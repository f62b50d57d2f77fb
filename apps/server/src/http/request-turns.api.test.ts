import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { holdEveryConnection } from '../test/hold-connections.js';

/**
 * Issue 30: with MAX_ACTIVE_REQUESTS, that many API requests are served at once and the next wait their turn in
 * arrival order; one that waited MAX_QUEUE_WAIT_MS is refused (503, Retry-After). Over real HTTP (requests made inside
 * the process with `inject` are not counted), on PGlite and on PostgreSQL.
 */
describe('request turns (MAX_ACTIVE_REQUESTS)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The app listening on a free port, one active request at most, and a helper holding every database connection. */
  const start = async (maxQueueWaitMs: number) => {
    const app = await buildTestApp({
      options: { loadShedding: { maxActiveRequests: 1, maxQueueWaitMs, maxDbWaiting: 0, maxEventLoopDelayMs: 0 } },
    });
    t = app;
    const admin = await app.login('admin@demo.local');
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
    const items = () => fetch(`${base}/api/items/?limit=5`, { headers: { authorization: admin, 'accept-language': 'en' } });
    const hold = () => holdEveryConnection(app.database);
    return { app, items, hold };
  };

  it('refuses a request that waited its turn too long (503, Retry-After), and serves the next once the turn is free', async () => {
    const { app, items, hold } = await start(200);
    const release = await hold();
    let first: Promise<Response> | undefined;
    try {
      // The first request takes the one turn and waits for the database.
      first = items();
      await expect.poll(() => app.database.waiting(), { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(1);
      const started = Date.now();
      const refused = await items();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect(((await refused.json()) as { code: string }).code).toBe('common.overloaded');
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    } finally {
      await release();
    }
    expect((await first)?.status).toBe(200);
    // The turn was given back: the next request is served.
    expect((await items()).status).toBe(200);
  });

  it('serves the waiting requests in turn once the first one ends', async () => {
    const { app, items, hold } = await start(10_000);
    const release = await hold();
    const answers: Promise<Response>[] = [];
    try {
      answers.push(items());
      await expect.poll(() => app.database.waiting(), { timeout: 10_000, interval: 10 }).toBeGreaterThanOrEqual(1);
      // The two others wait for their turn (not for the database), longer than nothing but less than the bound.
      answers.push(items(), items());
    } finally {
      await release();
    }
    for (const answer of await Promise.all(answers)) expect(answer.status).toBe(200);
  });
});
