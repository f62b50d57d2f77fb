import { randomUUID } from 'node:crypto';
import { ExitAlarmStatus, WebhookEventType } from '@rfid/contract';
import { encodeSgtin96 } from '@rfid/epc';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceKey } from '../../db/seed/demo-data.js';
import { waitUntil } from '../../test/job-fixtures.js';
import { createScratchDatabase } from '../../test/scratch-db.js';
import { hasServerBuild, type ServerProcess, serverMain, startServerProcess } from '../../test/server-process.js';
import { type Receiver, startReceiver } from './webhook-receiver-fixtures.js';

/**
 * Issue 27, "must show": webhooks delivered at least once across a receiver outage and a server restart. The built
 * server (`node apps/server/dist/main.js`) runs as a process on a PostgreSQL database of the test's own; a real HTTP
 * receiver verifies every request with the `standardwebhooks` package and counts deliveries by `webhook-id`. Events are
 * made through the API (exit gate sets raise exit alarms; users resolve them as lost: the item's move is an EPCIS
 * event) before, during (503, then the socket closed) and after the outage; the first server is killed (SIGKILL, its
 * claims left to lapse) and a second one takes over. Every message of the outbox reaches the receiver, the messages of
 * a subject arrive in their order, and a message arrives more than once only when its delivery was attempted more
 * than once.
 */
const databaseServer = process.env.TEST_DATABASE_URL;
const why = !databaseServer
  ? 'no PostgreSQL (TEST_DATABASE_URL, the PostgreSQL lane of npm test): the webhook restart test is SKIPPED'
  : !hasServerBuild
    ? `no build at ${serverMain} (npm run build): the webhook restart test is SKIPPED`
    : undefined;
if (why) console.warn(why);

const GATE = 'EXIT-T01-01';

describe.skipIf(why !== undefined)('webhooks across a receiver outage and a server restart', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let client: pg.Client;
  let rx: Receiver;
  const servers: ServerProcess[] = [];
  let serial = 7_000_000;
  let gtin = '';

  const start = async () => {
    const server = await startServerProcess({
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'on',
      LLRP: 'off',
      PRINT_SPOOLER: 'off',
      WEBHOOK_ALLOW_LOOPBACK: 'on',
      WEBHOOK_POLL_MS: '100',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_LEASE_MS: '1000',
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_RETRY_MAX_MS: '1000',
      WEBHOOK_MAX_ATTEMPTS: '100',
      WEBHOOK_DISABLE_AFTER_FAILURES: '100',
    });
    servers.push(server);
    await server.waitHealthy(120_000);
    return server;
  };
  const api = async (server: ServerProcess, method: string, route: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const login = async (server: ServerProcess) => {
    const answer = (await api(server, 'POST', '/api/authtoken/', null, {
      username: 'admin@demo.local',
      password: 'demo1234',
    })) as {
      token: string;
    };
    return `Token ${answer.token}`;
  };
  /** An exit gate set of `n` new tags, as the gate (its device key): `n` exit alarms raised. */
  const gateSetAsDevice = async (server: ServerProcess, n: number) => {
    const epcs = Array.from({ length: n }, () => {
      serial += 1;
      return encodeSgtin96({ gtin, serial: String(serial), companyPrefixLength: 7 });
    });
    const at = new Date();
    const response = await fetch(`${server.baseUrl}/api/readingsets/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Device ${demoDeviceKey(GATE)}` },
      body: JSON.stringify({
        id: randomUUID(),
        device: GATE,
        start_time: new Date(at.getTime() - 1_000).toISOString(),
        end_time: at.toISOString(),
        epcs,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return epcs;
  };
  /** Resolves as lost the open alarms of these tags (each: exit_alarm.changed "resolved" and an epcis.event). */
  const resolveLost = async (server: ServerProcess, token: string, epcs: string[]) => {
    const { rows } = await client.query<{ id: number }>(
      'select id from exit_alarms where epc = any($1::text[]) and status = $2 order by id',
      [epcs, ExitAlarmStatus.Open],
    );
    for (const { id } of rows)
      await api(server, 'POST', `/api/exit_alarms/${id}/resolve/`, token, { status: ExitAlarmStatus.Lost });
    return rows.length;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseServer as string, 'rfid_webhooks');
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    rx = await startReceiver();
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rx?.close();
    await client?.end();
    await scratch?.drop();
  });

  it('delivers every event at least once, in order per subject, duplicates only from retries', async () => {
    const first = await start();
    const token = await login(first);
    const [row] = (await client.query<{ gtin: string }>('select gtin from item_types where gtin is not null order by id limit 1'))
      .rows;
    gtin = row?.gtin ?? '';
    const endpoint = (await api(first, 'POST', '/api/webhooks/', token, {
      url: rx.url,
      description: 'restart test',
      event_types: [WebhookEventType.ExitAlarm, WebhookEventType.EpcisEvent],
    })) as { id: number; secret: string };
    rx.setSecrets([endpoint.secret]);

    // 1. The receiver answers.
    const before = [...(await gateSetAsDevice(first, 3)), ...(await gateSetAsDevice(first, 3))];
    await resolveLost(first, token, before.slice(0, 2));
    await waitUntil(
      async () => rx.received.length,
      (n) => n >= 6 + 2 * 2,
      30_000,
      100,
    );

    // 2. The receiver answers 503 for a while, then is down (connections refused); events keep coming.
    rx.setUnavailable(true);
    const during = [...(await gateSetAsDevice(first, 4)), ...(await gateSetAsDevice(first, 4))];
    await resolveLost(first, token, [...before.slice(2, 4), ...during.slice(0, 3)]);
    await waitUntil(
      async () => rx.refused,
      (n) => n >= 5,
      30_000,
      100,
    );
    await rx.down();

    // 3. The server dies (kill -9: its claims are left to lapse); another one starts on the same database.
    await first.kill();
    const second = await start();
    const token2 = await login(second);
    const after = await gateSetAsDevice(second, 5);
    await resolveLost(second, token2, [...during.slice(3, 6), ...after.slice(0, 2)]);

    // 4. The receiver comes back: everything arrives.
    rx.setUnavailable(false);
    await rx.up();
    const expected = async () =>
      (
        await client.query<{ id: string; subject: string; attempts: number; state: string }>(
          `select m.id::text, m.subject, d.attempts, d.state from webhook_deliveries d
           join webhook_messages m on m.id = d.message_id where d.endpoint_id = $1 order by m.id`,
          [endpoint.id],
        )
      ).rows;
    const rows = await waitUntil(expected, (list) => list.length > 0 && list.every((d) => d.state === 'succeeded'), 90_000, 200);
    // 19 tags raised 19 alarms; 12 were resolved as lost (12 resolutions, 12 EPCIS events).
    expect(rows.filter((r) => r.subject.startsWith('exit_alarm:'))).toHaveLength(19 + 12);
    expect(rows.filter((r) => r.subject.startsWith('epc:'))).toHaveLength(12);
    const counts = rx.counts();
    // None lost: every message of the outbox was acknowledged by the receiver, which verified its signature.
    expect(rows.filter((r) => !counts.has(`msg_${r.id}`)).map((r) => r.id)).toEqual([]);
    expect(rx.rejected).toEqual([]);
    // Duplicates only from retries: never more acknowledgements of a message than attempts of its delivery.
    expect(rows.filter((r) => (counts.get(`msg_${r.id}`) ?? 0) > r.attempts)).toEqual([]);
    // The order of each subject: its messages first arrived in the order of their ids.
    const firstArrival = new Map<string, number>();
    rx.received.forEach((r, i) => {
      if (!firstArrival.has(r.id)) firstArrival.set(r.id, i);
    });
    const bySubject = new Map<string, string[]>();
    for (const r of rows) bySubject.set(r.subject, [...(bySubject.get(r.subject) ?? []), `msg_${r.id}`]);
    const outOfOrder = [...bySubject].filter(([, ids]) =>
      ids.some((id, i) => i > 0 && (firstArrival.get(id) ?? -1) < (firstArrival.get(ids[i - 1] as string) ?? -1)),
    );
    expect(outOfOrder).toEqual([]);
    // The outage was real: requests were refused, and some deliveries took more than one attempt.
    expect(rx.refused).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
    console.info(
      `webhooks restart test: ${rows.length} messages, ${rx.received.length} acknowledged requests, ${rx.refused} refused (503), ` +
        `max attempts ${Math.max(...rows.map((r) => r.attempts))}`,
    );
  }, 300_000);
});
