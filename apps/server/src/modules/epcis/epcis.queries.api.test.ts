import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { epcisSubscriptions, webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import { appWithViewers } from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { STANDARD_FOLDER } from './epcis.schema.js';
import { createEpcisQueriesRepository } from './epcis-queries.repository.js';
import { runDueSubscriptions } from './use-cases/run-subscriptions.js';

type Json = Record<string, unknown>;
const file = (name: string): Json => JSON.parse(readFileSync(new URL(name, STANDARD_FOLDER), 'utf8'));
/** The SSCC of Example_9.6.3 (its AggregationEvent's parentID) and that event's eventID. */
const SSCC = 'urn:epc:id:sscc:0614141.1234567890';
const AGGREGATION_ID = 'ni:///sha-256;87b5f18a69993f0052046d4687dfacdf48f7c988cfabda2819688c86b4066a49?ver=CBV2.0';

describe('EPCIS named queries and subscriptions (REST binding /epcis/queries)', () => {
  // The other company's user as its admin: refused for the company, not for the role.
  const w = appWithViewers({ foreignRole: 1 });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = w.admin, payload?: unknown) =>
    w.t.app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  const expectProblem = (r: Awaited<ReturnType<typeof call>>, status: number, type: string) => {
    expect(r.statusCode, r.body).toBe(status);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(r.json()).toMatchObject({ type: `epcisException:${type}`, status });
  };
  const capture = async (name: string) => {
    const r = await call('POST', '/epcis/capture', w.admin, file(name));
    expect(r.statusCode, r.body).toBe(202);
    expect((await call('GET', String(r.headers.location))).json()).toMatchObject({ success: true });
  };
  /** Runs the subscriptions' job now (no settling time), once every event captured so far is in the past. */
  const runSubscriptions = async () => {
    const now = Date.now();
    while (Date.now() <= now) await new Promise((resolve) => setImmediate(resolve));
    const db = w.t.database.db;
    return runDueSubscriptions(
      {
        repo: createEpcisQueriesRepository(db),
        inTransaction: (work) => db.transaction((tx) => work(createEpcisQueriesRepository(tx))),
      },
      new Date(),
      0,
    );
  };
  /**
   * Runs the subscriptions until one run reported for `subscriptionId`, then once more (which must add nothing): the
   * app's own subscriptions job (queued by a capture, and every 10 s) may hold the subscription meanwhile (locked,
   * skipped by our run).
   */
  const runUntilReported = async (subscriptionId: string) => {
    await vi.waitFor(
      async () => {
        await runSubscriptions();
        expect(await results(subscriptionId)).not.toEqual([]);
      },
      { timeout: 30_000, interval: 200 },
    );
    await runSubscriptions();
  };
  /** The result documents queued for a subscription's endpoint, in order. */
  const results = async (subscriptionId: string) => {
    const db = w.t.database.db;
    const [sub] = await db.select().from(epcisSubscriptions).where(eq(epcisSubscriptions.subscriptionId, subscriptionId));
    const endpoints = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.epcisSubscriptionId, sub?.id ?? 0));
    if (!endpoints.length) return [];
    const rows = await db
      .select({ payload: webhookMessages.payload, type: webhookMessages.eventType })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(
        inArray(
          webhookDeliveries.endpointId,
          endpoints.map((e) => e.id),
        ),
      )
      .orderBy(asc(webhookMessages.id));
    return rows.map((r) => {
      expect(r.type).toBe('epcis.query_result');
      const body = (r.payload as { epcisBody: { queryResults: Json } }).epcisBody.queryResults;
      return {
        queryName: body.queryName,
        subscriptionID: body.subscriptionID,
        eventIds: (body.resultsBody as { eventList: Json[] }).eventList.map((e) => e.eventID),
      };
    });
  };

  it('saves a named query, lists it, answers it and its events', async () => {
    const created = await call('POST', '/epcis/queries', w.admin, {
      name: 'pallets',
      query: { MATCH_parentID: [SSCC], eventType: ['AggregationEvent'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toBe('/epcis/queries/pallets');
    expect(created.json()).toEqual({ name: 'pallets', query: { MATCH_parentID: [SSCC], eventType: ['AggregationEvent'] } });

    const list = await call('GET', '/epcis/queries');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({ name: 'pallets', query: { MATCH_parentID: [SSCC], eventType: ['AggregationEvent'] } });
    expect((await call('GET', '/epcis/queries/pallets')).json()).toMatchObject({ name: 'pallets' });

    await capture('Example_9.6.3-AggregationEvent.jsonld');
    await capture('Example_9.6.1-ObjectEvent.jsonld');
    const events = await call('GET', '/epcis/queries/pallets/events');
    expect(events.statusCode, events.body).toBe(200);
    const body = events.json();
    expect(body.epcisBody.queryResults.queryName).toBe('pallets');
    expect(body.epcisBody.queryResults.resultsBody.eventList.map((e: Json) => e.eventID)).toEqual([AGGREGATION_ID]);
  });

  it('refuses a query with a parameter the standard has not, or a bad value, naming it (QueryParameterException)', async () => {
    const carrot = await call('POST', '/epcis/queries', w.admin, { name: 'carrots', query: { eventType: ['CarrotEvent'] } });
    expectProblem(carrot, 400, 'QueryParameterException');
    expect(carrot.json().detail).toContain('eventType');
    const unknown = await call('POST', '/epcis/queries', w.admin, { name: 'odd', query: { EQ_colour: ['red'] } });
    expectProblem(unknown, 400, 'QueryParameterException');
    expect(unknown.json().detail).toContain('EQ_colour');
    expectProblem(await call('POST', '/epcis/queries', w.admin, { name: 'no query' }), 400, 'ValidationException');
    expectProblem(await call('POST', '/epcis/queries', w.admin, { name: 'x', query: {}, extra: 1 }), 400, 'ValidationException');
    expect((await call('GET', '/epcis/queries')).json().map((q: Json) => q.name)).not.toContain('carrots');
  });

  it('a name is one query: the second is a 409 ResourceAlreadyExistsException', async () => {
    const again = await call('POST', '/epcis/queries', w.admin, { name: 'pallets', query: { eventType: ['ObjectEvent'] } });
    expectProblem(again, 409, 'ResourceAlreadyExistsException');
  });

  it('a visualizer reads queries but may not save, subscribe or delete (SecurityException)', async () => {
    expect((await call('GET', '/epcis/queries/pallets', w.viewer)).statusCode).toBe(200);
    expectProblem(await call('POST', '/epcis/queries', w.viewer, { name: 'mine', query: {} }), 403, 'SecurityException');
    expectProblem(
      await call('POST', '/epcis/queries/pallets/subscriptions', w.viewer, { dest: 'https://example.com/hook', stream: true }),
      403,
      'SecurityException',
    );
    expectProblem(await call('DELETE', '/epcis/queries/pallets', w.viewer), 403, 'SecurityException');
  });

  it("another company's queries are not there (NoSuchResourceException), nor listed", async () => {
    expectProblem(await call('GET', '/epcis/queries/pallets', w.foreign), 404, 'NoSuchResourceException');
    expectProblem(await call('GET', '/epcis/queries/pallets/events', w.foreign), 404, 'NoSuchResourceException');
    expectProblem(await call('GET', '/epcis/queries/pallets/subscriptions', w.foreign), 404, 'NoSuchResourceException');
    expect((await call('GET', '/epcis/queries', w.foreign)).json()).toEqual([]);
  });

  it('a stream subscription pushes each new matching event once, through its own webhook endpoint', async () => {
    await call('POST', '/epcis/queries', w.admin, {
      name: 'shipping',
      query: { EQ_bizStep: ['shipping', 'receiving'], eventType: ['ObjectEvent'] },
    });
    const r = await call('POST', '/epcis/queries/shipping/subscriptions', w.admin, {
      dest: 'https://partner.example.com/epcis',
      stream: true,
    });
    expect(r.statusCode, r.body).toBe(201);
    const sub = r.json();
    expect(sub).toMatchObject({ dest: 'https://partner.example.com/epcis', stream: true, reportIfEmpty: false });
    expect(sub.secret).toMatch(/^whsec_/);
    expect(r.headers.location).toBe(`/epcis/queries/shipping/subscriptions/${sub.subscriptionID}`);
    const [endpoint] = await w.t.database.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.url, 'https://partner.example.com/epcis')));
    expect(endpoint?.epcisSubscriptionId).not.toBeNull();
    expect(endpoint?.secret).toBe(sub.secret);

    // Example_9.6.1 was captured before the subscription: not reported (initialRecordTime is its creation).
    await runSubscriptions();
    expect(await results(sub.subscriptionID)).toEqual([]);

    // New events matching the query: 9.6.1's two events captured again under eventIDs of their own.
    const doc = file('Example_9.6.1-ObjectEvent.jsonld') as { epcisBody: { eventList: Json[] } };
    const fresh = doc.epcisBody.eventList.map((e, i) => ({ ...e, eventID: `urn:uuid:00000000-0000-4000-8000-00000000000${i}` }));
    const captured = await call('POST', '/epcis/capture', w.admin, { ...doc, epcisBody: { eventList: fresh } });
    expect(captured.statusCode).toBe(202);
    await runUntilReported(sub.subscriptionID);
    expect(await results(sub.subscriptionID)).toEqual([
      {
        queryName: 'shipping',
        subscriptionID: sub.subscriptionID,
        eventIds: ['urn:uuid:00000000-0000-4000-8000-000000000000', 'urn:uuid:00000000-0000-4000-8000-000000000001'],
      },
    ]);

    const listed = await call('GET', '/epcis/queries/shipping/subscriptions');
    expect(listed.json()).toEqual([expect.objectContaining({ subscriptionID: sub.subscriptionID, stream: true })]);
    expect(listed.json()[0].secret).toBeUndefined();
    const one = await call('GET', `/epcis/queries/shipping/subscriptions/${sub.subscriptionID}`);
    expect(one.json()).toMatchObject({ subscriptionID: sub.subscriptionID, lastNotifiedAt: expect.any(String) });
  });

  it('a scheduled subscription runs when its time comes, and reports an empty result when asked to', async () => {
    const r = await call('POST', '/epcis/queries/pallets/subscriptions', w.admin, {
      dest: 'https://partner.example.com/pallets',
      signatureToken: 'the-partners-own-secret',
      schedule: { minute: '0,30' },
      reportIfEmpty: true,
    });
    expect(r.statusCode, r.body).toBe(201);
    const sub = r.json();
    // The client's signatureToken makes the secret: not answered.
    expect(sub.secret).toBeUndefined();
    const [row] = await w.t.database.db
      .select()
      .from(epcisSubscriptions)
      .where(eq(epcisSubscriptions.subscriptionId, sub.subscriptionID));
    const next = row?.nextRunAt as Date;
    expect([0, 30]).toContain(next.getUTCMinutes());
    expect(next.getUTCSeconds()).toBe(0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    // Not yet its time: nothing.
    await runSubscriptions();
    expect(await results(sub.subscriptionID)).toEqual([]);
    // Its time came (moved to the past): one empty report, and the next run is half an hour on.
    await w.t.database.db
      .update(epcisSubscriptions)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(epcisSubscriptions.subscriptionId, sub.subscriptionID));
    await runUntilReported(sub.subscriptionID);
    expect(await results(sub.subscriptionID)).toEqual([
      { queryName: 'pallets', subscriptionID: sub.subscriptionID, eventIds: [] },
    ]);
    const [after] = await w.t.database.db
      .select()
      .from(epcisSubscriptions)
      .where(eq(epcisSubscriptions.subscriptionId, sub.subscriptionID));
    expect(after?.nextRunAt?.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a subscription without stream or schedule, with both, or without a URL', async () => {
    const url = '/epcis/queries/pallets/subscriptions';
    expectProblem(await call('POST', url, w.admin, { dest: 'https://example.com/x' }), 400, 'ValidationException');
    expectProblem(
      await call('POST', url, w.admin, { dest: 'https://example.com/x', stream: true, schedule: { hour: '1' } }),
      400,
      'ValidationException',
    );
    expectProblem(await call('POST', url, w.admin, { dest: 'not a url', stream: true }), 400, 'ValidationException');
    expectProblem(
      await call('POST', url, w.admin, { dest: 'https://example.com/x', schedule: { hour: 'noon' } }),
      400,
      'ValidationException',
    );
    expectProblem(
      await call('POST', '/epcis/queries/nothing-here/subscriptions', w.admin, { dest: 'https://example.com/x', stream: true }),
      404,
      'NoSuchResourceException',
    );
  });

  it('deleting a subscription, then a query, removes their webhook endpoints', async () => {
    const [sub] = (await call('GET', '/epcis/queries/shipping/subscriptions')).json();
    expect((await call('DELETE', `/epcis/queries/shipping/subscriptions/${sub.subscriptionID}`)).statusCode).toBe(204);
    expectProblem(
      await call('GET', `/epcis/queries/shipping/subscriptions/${sub.subscriptionID}`),
      404,
      'NoSuchResourceException',
    );
    const left = await w.t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, 'https://partner.example.com/epcis'));
    expect(left).toEqual([]);

    expectProblem(await call('DELETE', '/epcis/queries/pallets', w.foreign), 404, 'NoSuchResourceException');
    expect((await call('DELETE', '/epcis/queries/pallets')).statusCode).toBe(204);
    expectProblem(await call('GET', '/epcis/queries/pallets'), 404, 'NoSuchResourceException');
    const pallets = await w.t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.url, 'https://partner.example.com/pallets'));
    expect(pallets).toEqual([]);
  });

  it('answers the binding: 406 for XML or another EPCIS version, 415 for a text body, a JSON 404 and 401', async () => {
    const xml = await w.t.app.inject({ url: '/epcis/events', headers: { authorization: w.admin, accept: 'application/xml' } });
    expectProblem(xml, 406, 'NotAcceptableException');
    const v12 = await w.t.app.inject({ url: '/epcis/events', headers: { authorization: w.admin, 'gs1-epcis-version': '1.2.0' } });
    expectProblem(v12, 406, 'NotAcceptableException');
    const v20 = await w.t.app.inject({ url: '/epcis/events', headers: { authorization: w.admin, 'gs1-epcis-version': '2.0.0' } });
    expect(v20.statusCode).toBe(200);
    const text = await w.t.app.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { authorization: w.admin, 'content-type': 'text/plain' },
      payload: JSON.stringify(file('Example_9.6.1-ObjectEvent.jsonld')),
    });
    expectProblem(text, 415, 'UnsupportedMediaTypeException');
    expectProblem(await call('GET', '/epcis/nowhere/to/be/found'), 404, 'NoSuchResourceException');
    expectProblem(await w.t.app.inject({ url: '/epcis/queries' }), 401, 'SecurityException');
    const invalid = await call('POST', '/epcis/capture', w.admin, { type: 'EPCISDocument' });
    expectProblem(invalid, 400, 'ValidationException');
  });
});

describe('/epcis: the web page for a browser, the binding for API clients', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'rfid-epcis-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>RFID</title><div id="root"></div>');
    t = await buildTestApp({ options: { webDist } });
  }, 240_000);
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('a navigation to /epcis (Accept: text/html) gets the app; an API client the top-level resources', async () => {
    const browser = await t.app.inject({ url: '/epcis', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-type']).toMatch(/^text\/html/);
    expect(browser.body).toContain('<div id="root">');
    const token = await t.login('admin@demo.local');
    const api = await t.app.inject({ url: '/epcis/', headers: { authorization: token, accept: 'application/ld+json' } });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ type: 'Collection', member: expect.arrayContaining(['events', 'queries']) });
  });
});
