import { WebhookDeliveryState, WebhookEventType } from '@rfid/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { companies, webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { silentLog, waitUntil } from '../../test/job-fixtures.js';
import { emitWebhookEvent } from './emit.js';
import { type Receiver, startReceiver } from './webhook-receiver-fixtures.js';
import { messageIdOf, newSecret } from './webhooks.rules.js';
import { createWebhookSender, type WebhookSender, type WebhookSenderOptions } from './webhooks.sender.js';
import { createSenderRepository } from './webhooks.sender.repository.js';
import { httpPost } from './webhooks.transport.js';

/**
 * The sender against the database and a real HTTP receiver (webhook-receiver-fixtures.ts verifies every signature with
 * the `standardwebhooks` package): delivery, per-subject order, retries, failure and disabling, leases taken over,
 * refused addresses, and two senders sharing the work.
 */
describe('webhook sender', () => {
  let t: TestApp;
  let db: Db;
  let companyId: number;
  const senders: WebhookSender[] = [];
  const receivers: Receiver[] = [];

  const retry = { maxAttempts: 3, baseMs: 20, maxMs: 100, factor: 2 };
  const sender = (options: Partial<WebhookSenderOptions> = {}) => {
    const made = createWebhookSender({
      repo: createSenderRepository(db),
      post: httpPost({ timeoutMs: 2_000, policy: { allowLoopback: true, allowPrivate: false } }),
      log: silentLog,
      retry,
      disable: { afterFailedDeliveries: 2, afterFailingMs: 86_400_000 },
      pollMs: 20,
      leaseMs: 5_000,
      concurrency: 4,
      ...options,
    });
    senders.push(made);
    return made;
  };
  const receiver = async () => {
    const made = await startReceiver();
    receivers.push(made);
    return made;
  };
  const endpoint = async (url: string, types: string[] = [WebhookEventType.OrderStatusChanged]) => {
    const secret = newSecret();
    const [row] = await db.insert(webhookEndpoints).values({ companyId, url, eventTypes: types, secret }).returning();
    if (!row) throw new Error('no endpoint');
    return { ...row, secret };
  };
  const emit = (subject: string, data: Record<string, unknown>) =>
    emitWebhookEvent(db, { companyId, locationId: null, type: WebhookEventType.OrderStatusChanged, subject, data });
  const deliveriesOf = (endpointId: number) =>
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(asc(webhookDeliveries.messageId));

  beforeAll(async () => {
    // The app's own sender is off: each test runs the senders it makes (each one a server process).
    const config = loadConfig();
    t = await buildTestApp({ options: { config: { ...config, webhooks: { ...config.webhooks, sender: false } } } });
    db = t.database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
    companyId = company?.id ?? 0;
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.stop()));
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    await db.update(webhookEndpoints).set({ enabled: false });
  });
  afterAll(async () => t.close());

  it('delivers a message signed as Standard Webhooks says: the receiver verifies it and it is recorded as succeeded', async () => {
    const rx = await receiver();
    const ep = await endpoint(rx.url);
    rx.setSecrets([ep.secret]);
    await emit('order:1', { order: 1, status: 'verified' });
    await sender().runOnce();
    expect(rx.rejected).toEqual([]);
    expect(rx.received).toMatchObject([{ type: 'order.status_changed', data: { order: 1, status: 'verified' } }]);
    const [delivery] = await deliveriesOf(ep.id);
    expect(rx.received[0]?.id).toBe(messageIdOf(delivery?.messageId ?? 0));
    expect(delivery).toMatchObject({ state: WebhookDeliveryState.Succeeded, attempts: 1, lastStatus: 204, lastError: null });
    expect(delivery?.deliveredAt).toBeInstanceOf(Date);
  });

  it('keeps the order of a subject: a later message waits while an earlier one of its subject is pending', async () => {
    const rx = await receiver();
    const ep = await endpoint(rx.url);
    rx.setSecrets([ep.secret]);
    rx.setUnavailable(true);
    for (const n of [1, 2, 3]) await emit('order:A', { n });
    await emit('order:B', { n: 1 });
    const s = sender({ retry: { ...retry, maxAttempts: 100, baseMs: 50, maxMs: 50 } });
    await s.runOnce();
    // One attempt each for the heads of the subjects; A's second and third were not attempted.
    expect((await deliveriesOf(ep.id)).map((d) => [d.subject, d.attempts])).toEqual([
      ['order:A', 1],
      ['order:A', 0],
      ['order:A', 0],
      ['order:B', 1],
    ]);
    s.start();
    // Failing a while (several attempts of the heads), then back.
    await waitUntil(
      async () => (await deliveriesOf(ep.id))[0]?.attempts ?? 0,
      (n) => n >= 3,
    );
    expect((await deliveriesOf(ep.id))[1]?.attempts).toBe(0);
    rx.setUnavailable(false);
    await waitUntil(
      () => deliveriesOf(ep.id),
      (rows) => rows.every((d) => d.state === WebhookDeliveryState.Succeeded),
    );
    expect(rx.received).toHaveLength(4);
    const messages = await db.select().from(webhookMessages).where(eq(webhookMessages.subject, 'order:A'));
    const orderA = messages.sort((a, b) => a.id - b.id).map((m) => messageIdOf(m.id));
    expect(rx.received.map((r) => r.id).filter((id) => orderA.includes(id))).toEqual(orderA);
  });

  it('retries with backoff, fails after the last attempt and disables the endpoint after K failed deliveries', async () => {
    const rx = await receiver();
    const ep = await endpoint(rx.url);
    rx.setSecrets([ep.secret]);
    rx.setUnavailable(true);
    await emit('order:X', { n: 1 });
    await emit('order:Y', { n: 1 });
    await emit('order:Z', { n: 1 });
    sender().start();
    const [disabled] = await waitUntil(
      () => db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)),
      (rows) => rows[0]?.enabled === false,
    );
    expect(disabled?.disabledReason).toBe('2 deliveries in a row failed after every attempt');
    expect(disabled?.disabledAt).toBeInstanceOf(Date);
    const rows = await waitUntil(
      () => deliveriesOf(ep.id),
      (list) => list.every((d) => d.state === WebhookDeliveryState.Failed),
    );
    // Two spent every attempt (503 each time); the third failed with the endpoint, replayable.
    expect(rows.filter((d) => d.attempts === retry.maxAttempts && d.lastError === 'HTTP 503: down for maintenance')).toHaveLength(
      2,
    );
    expect(rows.filter((d) => d.lastError?.startsWith('endpoint disabled: '))).toHaveLength(1);
    expect(rx.refused).toBeGreaterThanOrEqual(2 * retry.maxAttempts);
    expect(rx.received).toEqual([]);
  });

  it('a dead process’s claim lapses and another sender delivers; the dead one’s late result is refused', async () => {
    const rx = await receiver();
    const ep = await endpoint(rx.url);
    rx.setSecrets([ep.secret]);
    await emit('order:L', { n: 1 });
    const repo = createSenderRepository(db);
    const [claimed] = await repo.claim('dead-process', 200, 10);
    expect(claimed).toBeDefined();
    if (!claimed) return;
    // While its lease holds, nobody else takes it.
    expect(await sender({ leaseMs: 5_000 }).runOnce()).toBe(0);
    await waitUntil(
      () => sender().runOnce(),
      (n) => n === 1,
      5_000,
      50,
    );
    expect(rx.received).toHaveLength(1);
    expect(await repo.succeed('dead-process', claimed, { status: 204, error: null, durationMs: 1 })).toBe(false);
    expect((await deliveriesOf(ep.id))[0]).toMatchObject({ state: WebhookDeliveryState.Succeeded, attempts: 2 });
  });

  it('refuses a loopback endpoint unless allowed: the attempt fails with the reason and nothing is sent', async () => {
    const rx = await receiver();
    const ep = await endpoint(rx.url);
    rx.setSecrets([ep.secret]);
    await emit('order:R', { n: 1 });
    await sender({ post: httpPost({ timeoutMs: 1_000, policy: { allowLoopback: false, allowPrivate: false } }) }).runOnce();
    const [delivery] = await deliveriesOf(ep.id);
    expect(delivery).toMatchObject({ state: WebhookDeliveryState.Pending, attempts: 1, lastStatus: null });
    expect(delivery?.lastError).toBe('address 127.0.0.1 is not allowed for webhooks');
    expect(rx.received).toEqual([]);
  });

  it('an endpoint that does not answer in time is a failed attempt (timeout)', async () => {
    const ep = await endpoint('http://127.0.0.1:9/none');
    await emit('order:T', { n: 1 });
    await sender({ post: httpPost({ timeoutMs: 300, policy: { allowLoopback: true, allowPrivate: false } }) }).runOnce();
    const [delivery] = await deliveriesOf(ep.id);
    expect(delivery?.state).toBe(WebhookDeliveryState.Pending);
    expect(delivery?.lastError).toBeTruthy();
  });

  it('two senders share the work: each message is delivered once when nothing fails', async () => {
    const rx = await receiver();
    const ep = await endpoint(rx.url);
    rx.setSecrets([ep.secret]);
    for (let n = 0; n < 40; n += 1) await emit(`order:S${n % 7}`, { n });
    const a = sender({ concurrency: 3 });
    const b = sender({ concurrency: 3 });
    a.start();
    b.start();
    await waitUntil(
      () => deliveriesOf(ep.id),
      (rows) => rows.every((d) => d.state === WebhookDeliveryState.Succeeded),
    );
    expect(rx.received).toHaveLength(40);
    expect([...rx.counts().values()].every((n) => n === 1)).toBe(true);
    const owners = await db
      .select({ n: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, ep.id));
    expect(owners.every((o) => o.n === 1)).toBe(true);
  });
});
