import { WebhookDeliveryState, WebhookEventType } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import {
  addForeignCompany,
  type CallAs,
  expectRefusals,
  type ForeignCompany,
  locationIdByCode,
} from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { silentLog } from '../../test/job-fixtures.js';
import { DEMO_EMAIL } from '../orders/inbound-fixtures.js';
import { emitWebhookEvent } from './emit.js';
import { type Receiver, startReceiver } from './webhook-receiver-fixtures.js';
import { createWebhookSender } from './webhooks.sender.js';
import { createSenderRepository } from './webhooks.sender.repository.js';
import { httpPost } from './webhooks.transport.js';

/**
 * The webhooks' admin API (issue 27): every route's happy path, its validation (400 naming the field), the refused roles
 * (3–5: 403) and the other company (404). The app's own sender is off; the tests run one by hand against a real receiver.
 */
describe('webhooks API', () => {
  let t: TestApp;
  let call: CallAs;
  let foreign: ForeignCompany;
  let rx: Receiver;
  let store: number;
  let companyId: number;

  const send = () =>
    createWebhookSender({
      repo: createSenderRepository(t.database.db),
      post: httpPost({ timeoutMs: 2_000, policy: { allowLoopback: true, allowPrivate: false } }),
      log: silentLog,
      retry: { maxAttempts: 1, baseMs: 10, maxMs: 10, factor: 2 },
      disable: { afterFailedDeliveries: 100, afterFailingMs: 86_400_000 },
      pollMs: 20,
      leaseMs: 5_000,
      concurrency: 4,
    }).runOnce();
  const create = async (body: Record<string, unknown> = {}) => {
    const r = await call('POST', '/api/webhooks/', DEMO_EMAIL.admin, {
      url: rx.url,
      event_types: [WebhookEventType.OrderStatusChanged],
      ...body,
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as { id: number; secret: string };
  };

  beforeAll(async () => {
    const config = loadConfig();
    t = await buildTestApp({
      options: { config: { ...config, webhooks: { ...config.webhooks, sender: false, allowLoopback: true } } },
    });
    foreign = await addForeignCompany(t.database.db);
    await t.database.db.update(users).set({ role: 1 }).where(eq(users.id, foreign.userId));
    call = async (method, url, who, payload) => t.call(method, url, await t.login(who), payload);
    rx = await startReceiver();
    store = await locationIdByCode(t.database.db, 'T-MAD-01');
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, DEMO_EMAIL.admin));
    companyId = admin?.companyId ?? 0;
  });
  afterAll(async () => {
    await rx.close();
    await t.close();
  });

  it('POST /api/webhooks/ creates an endpoint and shows its secret once; GET lists and reads it without it', async () => {
    const created = await create({ description: 'ERP', location_ids: [store] });
    expect(created).toMatchObject({
      url: rx.url,
      description: 'ERP',
      event_types: ['order.status_changed'],
      location_ids: [store],
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
      previous_secret_until: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const one = await call('GET', `/api/webhooks/${created.id}/`, DEMO_EMAIL.brand);
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('secret');
    expect(one.json().id).toBe(created.id);
    const list = await call('GET', '/api/webhooks/', DEMO_EMAIL.admin);
    expect(list.json().map((e: { id: number }) => e.id)).toContain(created.id);
    expect(JSON.stringify(list.json())).not.toContain(created.secret);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await call('POST', '/api/webhooks/', DEMO_EMAIL.admin, {
        url: rx.url,
        event_types: ['exit_alarm.changed'],
        ...body,
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(Object.keys(r.json().errors), r.body).toEqual([field]);
    };
    await bad({ url: 'ftp://example.com/x' }, 'url');
    await bad({ url: 'https://user:pw@example.com/x' }, 'url');
    await bad({ event_types: [] }, 'event_types');
    await bad({ event_types: ['carrot.event'] }, 'event_types.0');
    await bad({ location_ids: [foreign.locationId] }, 'location_ids');
    await bad({ description: 'x'.repeat(201) }, 'description');
  });

  it('refuses a loopback or private URL unless the configuration allows it', async () => {
    const config = loadConfig();
    const strict = await buildTestApp({
      options: { config: { ...config, webhooks: { ...config.webhooks, sender: false, allowLoopback: false } } },
    });
    try {
      for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://10.1.2.3/x', 'http://169.254.169.254/x']) {
        const r = await strict.call('POST', '/api/webhooks/', await strict.login(DEMO_EMAIL.admin), {
          url,
          event_types: ['print.finished'],
        });
        expect(r.statusCode, url).toBe(400);
        expect(r.json().codes).toEqual({ url: ['webhooks.address_refused'] });
      }
    } finally {
      await strict.close();
    }
  });

  it('refuses roles 3–5 (403) and the other company (404) on every route', async () => {
    const { id } = await create();
    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', '/api/webhooks/'],
      ['POST', '/api/webhooks/', { url: rx.url, event_types: ['print.finished'] }],
      ['GET', `/api/webhooks/${id}/`],
      ['PATCH', `/api/webhooks/${id}/`, { description: 'x' }],
      ['DELETE', `/api/webhooks/${id}/`],
      ['POST', `/api/webhooks/${id}/rotate_secret/`],
      ['POST', `/api/webhooks/${id}/enable/`],
      ['POST', `/api/webhooks/${id}/test/`],
      ['GET', `/api/webhooks/${id}/deliveries/`],
      ['POST', `/api/webhooks/${id}/deliveries/1/replay/`],
      ['POST', `/api/webhooks/${id}/replay/`, { since: '2026-01-01T00:00:00Z' }],
    ];
    for (const who of [DEMO_EMAIL.editor, DEMO_EMAIL.viewer]) {
      await expectRefusals(
        call,
        routes.map(([method, url, payload]) => [403, method, url, who, payload]),
      );
    }
    // The other company's administrator: the endpoint is not theirs to know of (its own list does not show it).
    await expectRefusals(
      call,
      routes
        .filter(([, url]) => url !== '/api/webhooks/')
        .map(([method, url, payload]) => [404, method, url, foreign.email, payload]),
    );
    const theirs = await call('GET', '/api/webhooks/', foreign.email);
    expect(theirs.json()).toEqual([]);
    expect((await call('GET', `/api/webhooks/${id}/`, DEMO_EMAIL.admin)).statusCode).toBe(200);
  });

  it('PATCH changes the fields; switching off fails the pending deliveries with the reason, enable switches it on', async () => {
    const { id } = await create();
    const patched = await call('PATCH', `/api/webhooks/${id}/`, DEMO_EMAIL.brand, {
      description: 'changed',
      event_types: ['exit_alarm.changed', 'stock_alarm.changed'],
      location_ids: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ description: 'changed', event_types: ['exit_alarm.changed', 'stock_alarm.changed'] });
    await emitWebhookEvent(t.database.db, {
      companyId,
      locationId: store,
      type: WebhookEventType.ExitAlarm,
      subject: 'exit_alarm:1',
      data: { id: 1 },
    });
    const off = await call('PATCH', `/api/webhooks/${id}/`, DEMO_EMAIL.admin, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, disabled_reason: 'Disabled by a user.' });
    const log = await call('GET', `/api/webhooks/${id}/deliveries/`, DEMO_EMAIL.admin);
    expect(log.json().results).toMatchObject([{ state: 'failed', last_error: 'endpoint disabled: Disabled by a user.' }]);
    const on = await call('POST', `/api/webhooks/${id}/enable/`, DEMO_EMAIL.admin);
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null, consecutive_failures: 0 });
    const bad = await call('PATCH', `/api/webhooks/${id}/`, DEMO_EMAIL.admin, { event_types: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['event_types']);
  });

  it('POST rotate_secret/ answers a new secret; both sign for 24 h (the receiver verifies with either)', async () => {
    const { id, secret: old } = await create();
    const r = await call('POST', `/api/webhooks/${id}/rotate_secret/`, DEMO_EMAIL.admin);
    expect(r.statusCode).toBe(200);
    const { secret, previous_secret_until } = r.json();
    expect(secret).not.toBe(old);
    expect(Date.parse(previous_secret_until) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await call('GET', `/api/webhooks/${id}/`, DEMO_EMAIL.admin)).json().previous_secret_until).toBe(
      previous_secret_until,
    );
    rx.setSecrets([old]);
    expect((await call('POST', `/api/webhooks/${id}/test/`, DEMO_EMAIL.admin)).json()).toMatchObject({ ok: true, status: 204 });
    rx.setSecrets([secret]);
    expect((await call('POST', `/api/webhooks/${id}/test/`, DEMO_EMAIL.admin)).json()).toMatchObject({ ok: true, status: 204 });
  });

  it('POST test/ sends a signed webhook.test now and answers what the endpoint said', async () => {
    const { id, secret } = await create();
    rx.setSecrets([secret]);
    const before = rx.received.length;
    const ok = await call('POST', `/api/webhooks/${id}/test/`, DEMO_EMAIL.admin);
    expect(ok.json()).toMatchObject({ ok: true, status: 204, error: null });
    expect(rx.received.slice(before)).toMatchObject([{ type: 'webhook.test', data: { endpoint: id } }]);
    rx.setSecrets([]);
    const refused = await call('POST', `/api/webhooks/${id}/test/`, DEMO_EMAIL.admin);
    expect(refused.json()).toMatchObject({ ok: false, status: 401, error: 'HTTP 401: bad signature' });
  });

  it('GET deliveries/ pages the log; replay of one failed delivery and of every failed one since a time', async () => {
    const { id, secret } = await create({ event_types: [WebhookEventType.PrintFinished] });
    rx.setSecrets([secret]);
    rx.setUnavailable(true);
    for (const n of [1, 2, 3]) {
      await emitWebhookEvent(t.database.db, {
        companyId,
        locationId: null,
        type: WebhookEventType.PrintFinished,
        subject: `print_order:${n}`,
        data: { n },
      });
    }
    await send();
    const log = await call('GET', `/api/webhooks/${id}/deliveries/?limit=2`, DEMO_EMAIL.admin);
    expect(log.statusCode).toBe(200);
    expect(log.json().count).toBe(3);
    expect(log.json().results).toHaveLength(2);
    expect(log.json().results[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_status: 503,
      last_error: 'HTTP 503: down for maintenance',
      event_type: 'print.finished',
      subject: 'print_order:3',
      next_attempt_at: null,
    });
    expect(log.json().results[0].message_id).toMatch(/^msg_\d+$/);
    const failedOnly = await call('GET', `/api/webhooks/${id}/deliveries/?state=succeeded`, DEMO_EMAIL.admin);
    expect(failedOnly.json().count).toBe(0);
    const badState = await call('GET', `/api/webhooks/${id}/deliveries/?state=lost`, DEMO_EMAIL.admin);
    expect(badState.statusCode).toBe(400);

    rx.setUnavailable(false);
    const [first] = log.json().results as { id: number; message_id: string }[];
    const one = await call('POST', `/api/webhooks/${id}/deliveries/${first?.id}/replay/`, DEMO_EMAIL.admin);
    expect(one.json()).toEqual({ replayed: 1 });
    // A delivery that is not failed (pending now) cannot be replayed.
    expect((await call('POST', `/api/webhooks/${id}/deliveries/${first?.id}/replay/`, DEMO_EMAIL.admin)).statusCode).toBe(404);
    await send();
    expect(rx.received.at(-1)?.id).toBe(first?.message_id);
    const all = await call('POST', `/api/webhooks/${id}/replay/`, DEMO_EMAIL.admin, {
      since: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(all.json()).toEqual({ replayed: 2 });
    await send();
    const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(rows.map((d) => d.state)).toEqual([
      WebhookDeliveryState.Succeeded,
      WebhookDeliveryState.Succeeded,
      WebhookDeliveryState.Succeeded,
    ]);
    const badSince = await call('POST', `/api/webhooks/${id}/replay/`, DEMO_EMAIL.admin, { since: 'yesterday' });
    expect(badSince.statusCode).toBe(400);
    expect(Object.keys(badSince.json().errors)).toEqual(['since']);
  });

  it('DELETE removes the endpoint and its log (then 404)', async () => {
    const { id } = await create();
    expect((await call('DELETE', `/api/webhooks/${id}/`, DEMO_EMAIL.admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/webhooks/${id}/`, DEMO_EMAIL.admin)).statusCode).toBe(404);
    expect(await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))).toEqual([]);
  });
});
