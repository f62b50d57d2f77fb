import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusStatus, createNoBus, type ReaderBus } from '../broker/bus.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';

/** A bus whose status the test sets: what the readiness check and the metrics read. */
const statusBus = (status: () => BusStatus): ReaderBus => ({ ...createNoBus(), status, isConnected: () => status().connected });

describe('health, readiness and metrics', () => {
  let t: TestApp;
  let status: BusStatus = { transport: 'mqtt', connected: true, subscribed: true, role: 'collector', session: 'rfid-server' };

  beforeAll(async () => {
    t = await buildTestApp({ bus: statusBus(() => status) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks the database only when it has not answered within a second (PostgreSQL: every time)', async () => {
    const execute = t.database.db.execute.bind(t.database.db);
    let asked = 0;
    t.database.db.execute = ((query: Parameters<typeof execute>[0]) => {
      asked += 1;
      return execute(query);
    }) as typeof t.database.db.execute;
    try {
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const afterOne = asked;
      // The call just made answered: on the embedded database the next check takes that answer (its queue may be long).
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect(asked - afterOne).toBe(t.database.kind === 'pglite' ? 0 : 1);
      expect(t.database.answeredWithin(1_000)).toBe(t.database.kind === 'pglite');
      expect(t.database.answeredWithin(-1)).toBe(false);
    } finally {
      t.database.db.execute = execute;
    }
  });

  it('is ready while connected, collecting and subscribed, and says so without a token', async () => {
    status = {
      ...status,
      role: 'collector',
      subscribed: true,
      lastProbe: { at: new Date(), roundTripMs: 3 },
    };
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      storage: 'ok',
      broker: { transport: 'mqtt', role: 'collector', subscribed: true, session: 'rfid-server', probe_ms: 3 },
    });
    // A process standing by (another collects) is ready too.
    status = { ...status, role: 'standby', subscribed: false };
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready, 503 with Retry-After and the reasons, when not connected, not subscribed or the probe is late', async () => {
    status = { transport: 'mqtt', connected: false, subscribed: false, role: 'standby' };
    const away = await t.app.inject({ url: '/api/health/ready' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toMatchObject({ status: 'not_ready', problems: ['not connected to the readers broker'] });

    status = { transport: 'mqtt', connected: true, subscribed: false, role: 'collector' };
    expect((await t.app.inject({ url: '/api/health/ready' })).json().problems).toEqual(['not subscribed to the readers topics']);

    status = {
      transport: 'amqp',
      connected: true,
      subscribed: true,
      role: 'consumer',
      probePendingSince: new Date(Date.now() - 60_000),
    };
    const late = await t.app.inject({ url: '/api/health/ready' });
    expect(late.statusCode).toBe(503);
    expect(late.json().problems[0]).toMatch(/^a probe sent through the broker \d+ s ago has not come back$/);
    // Liveness is not readiness: the process answers.
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // No read replica configured (DATABASE_READ_URL): nothing is said of one (docs/read-replicas.md).
    expect(health.json()).not.toHaveProperty('read_replica');
  });

  it('serves Prometheus metrics: the broker gauges as the bus says, the process defaults', async () => {
    status = {
      transport: 'mqtt',
      connected: true,
      subscribed: true,
      role: 'collector',
      lastProbe: { at: new Date(), roundTripMs: 250 },
    };
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(metrics.body).toMatch(/^rfid_broker_subscribed 1$/m);
    expect(metrics.body).toMatch(/^rfid_broker_collector 1$/m);
    expect(metrics.body).toMatch(/^rfid_broker_probe_round_trip_seconds 0\.25$/m);
    expect(metrics.body).toMatch(/^rfid_process_cpu_user_seconds_total /m);
    status = { ...status, role: 'standby', subscribed: false };
    const standby = await t.app.inject({ url: '/metrics' });
    expect(standby.body).toMatch(/^rfid_broker_subscribed 0$/m);
    expect(standby.body).toMatch(/^rfid_broker_collector 0$/m);
  });
});
