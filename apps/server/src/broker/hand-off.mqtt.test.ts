import { randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoItemTypes } from '../db/seed/demo-data.js';
import { hasCommand, hasRabbitMq, startMosquitto, startRabbitMq, type TestBroker } from '../test/brokers.js';
import { createScratchDatabase } from '../test/scratch-db.js';
import { hasServerBuild, type ServerProcess, startServerProcess } from '../test/server-process.js';
import { postgresTemplate } from '../test/template-db.js';

/**
 * Issue 25: the hand-off between readers and server processes, with real processes (the built server), a broker of the
 * test's own that it restarts, and PostgreSQL. Every reading set published is counted in the database: each stored
 * exactly once, whatever happened to the broker or the processes in between. Runs in the MQTT lane of `npm test`
 * (MQTT_TEST_URL) when PostgreSQL (TEST_DATABASE_URL) and the build are there.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const isPossible = Boolean(process.env.MQTT_TEST_URL && PG_URL && hasServerBuild);

/** The demo's T-MAD-01 entrance portal (working mode 3, movement); its MAC names its topic. */
const READER_TOPIC = 'readers/001625000011/reads';
/** A demo GTIN: the sets' EPCs decode to a known product. */
const GTIN = buildDemoItemTypes(1)[0]?.gtin as string;

type Sent = { id: string; epcs: string[] };

const makeSets = (count: number, firstSerial: number): Sent[] =>
  Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    epcs: [0, 1].map((j) =>
      encodeSgtin96({ gtin: GTIN, serial: String(firstSerial + i * 2 + j), companyPrefixLength: 7 }).toUpperCase(),
    ),
  }));

const harness = (transport: 'mqtt' | 'amqp') => {
  let broker: TestBroker;
  let database: { url: string; drop: () => Promise<void> };
  let reader: MqttClient;
  const servers: ServerProcess[] = [];
  // Serials above the demo's and the simulator's (and the chaos suite's, from 2.5·10^11), random per run.
  let serial = 262_000_000_000 + Math.floor(Math.random() * 1e6) * 10_000;

  const setup = async () => {
    broker = transport === 'mqtt' ? await startMosquitto() : await startRabbitMq();
    const template = await postgresTemplate(PG_URL as string, 'seeded');
    database = await createScratchDatabase(PG_URL as string, 'rfid_handoff', template);
    // MQTT 3.1.1, as the readers' own clients speak it (RabbitMQ 3.x has no MQTT 5).
    reader = await mqtt.connectAsync(broker.mqttUrl, {
      clientId: `reader-${randomUUID().slice(0, 8)}`,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 300,
    });
  };
  const teardown = async () => {
    for (const server of servers) await server.kill();
    await reader?.endAsync(true);
    await broker?.stop();
    await database?.drop();
  };
  const startServer = async () => {
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      ...(transport === 'mqtt' ? { MQTT_URL: broker.mqttUrl } : { AMQP_URL: broker.amqpUrl as string }),
      MQTT_SESSION_LEASE_MS: '2000',
      BROKER_PROBE_MS: '1000',
      READS_IDLE_GAP_MS: '300',
      SEED_DEMO: 'false',
      PRINT_SPOOLER: 'off',
      LLRP: 'off',
    });
    servers.push(server);
    return server;
  };
  /** Ready: subscribed, its probe back through the broker. */
  const ready = (server: ServerProcess) => server.waitForRoute('/api/health/ready');
  /** One process of the group, ready. */
  const startReady = async (): Promise<ServerProcess> => {
    const server = await startServer();
    await ready(server);
    return server;
  };
  /** Two processes of the group, both ready (one collects, or both consume). */
  const startReadyPair = async (): Promise<[ServerProcess, ServerProcess]> => {
    const pair: [ServerProcess, ServerProcess] = [await startServer(), await startServer()];
    await Promise.all(pair.map(ready));
    return pair;
  };
  const session = async (server: ServerProcess) =>
    ((await ready(server)) as { broker: { role: string; session?: string } }).broker;
  /** Publishes sets, each acknowledged by the broker (QoS 1), as a reader does. */
  const publish = async (count: number): Promise<Sent[]> => {
    const sets = makeSets(count, serial);
    serial += count * 2;
    // After a broker restart the reader connects again by itself; its publishes wait for it.
    await expect.poll(() => reader.connected, { timeout: 60_000 }).toBe(true);
    for (const set of sets) {
      const now = new Date().toISOString();
      await reader.publishAsync(READER_TOPIC, JSON.stringify({ id: set.id, start_time: now, end_time: now, epcs: set.epcs }), {
        qos: 1,
      });
    }
    return sets;
  };
  /** How many of the sets are stored, and how many traces they have (two each when stored once). */
  const stored = async (sets: Sent[]) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const ids = sets.map((set) => set.id);
      const { rows } = await client.query<{ sets: string; traces: string }>(
        `select (select count(*) from reading_sets where id = any($1::uuid[])) as sets,
                (select count(*) from traces where reading_set_id = any($1::uuid[])) as traces`,
        [ids],
      );
      return { sets: Number(rows[0]?.sets), traces: Number(rows[0]?.traces) };
    } finally {
      await client.end();
    }
  };
  const allStored = async (sets: Sent[], timeoutMs = 45_000) => {
    try {
      await expect
        .poll(() => stored(sets), { timeout: timeoutMs, interval: 300 })
        .toEqual({ sets: sets.length, traces: sets.length * 2 });
    } catch (error) {
      // What the processes and the broker said, for the failure's reader.
      const outputs = servers.map((server, i) => `--- server ${i + 1}:\n${server.output().slice(-2_000)}`).join('\n');
      throw new Error(`${String(error)}\n${outputs}\n--- broker:\n${broker.output().slice(-1_000)}`);
    }
  };
  return {
    setup,
    teardown,
    startServer,
    ready,
    startReady,
    startReadyPair,
    session,
    publish,
    allStored,
    broker: () => broker,
    servers,
  };
};

describe.skipIf(!isPossible || !hasCommand('mosquitto'))('MQTT hand-off (Mosquitto with persistence, real processes)', () => {
  const h = harness('mqtt');
  beforeAll(h.setup, 60_000);
  afterAll(h.teardown, 60_000);

  it('a broker restart changes nothing: the session comes back present, its holder subscribes again and stores every read', async () => {
    const [first, second] = await h.startReadyPair();
    const before = await h.publish(10);
    await h.allStored(before);
    const collector = (await h.session(first)).role === 'collector' ? first : second;

    await h.broker().restart();
    // The broker restored the session: the case MQTT.js's own resubscription skipped (issue 25).
    await expect
      .poll(() => collector.output(), { timeout: 30_000 })
      .toMatch(/subscription restored \(rfid-server, session present\)/);
    await Promise.all([h.ready(first), h.ready(second)]);
    const after = await h.publish(20);
    await h.allStored(after);
    await first.stop();
    await second.stop();
  }, 120_000);

  it('reads published around a broker restart, before the processes are back, are all stored', async () => {
    const server = await h.startReady();
    await h.broker().restart();
    // Published at once, while the server is still connecting again: queued for its session at the broker.
    const meanwhile = await h.publish(20);
    await h.allStored(meanwhile);
    await server.stop();
  }, 120_000);

  it('a server under a new name (another port and host) after the collecting one was killed takes its session over', async () => {
    const old = await h.startServer();
    expect((await h.session(old)).role).toBe('collector');
    await h.allStored(await h.publish(4));
    await old.kill();
    // Published while it is dead: queued for the group's session.
    const whileDead = await h.publish(10);
    const replacement = await h.startServer();
    // It takes the session once the dead one's lease has run out (2 s here).
    await expect.poll(async () => (await h.session(replacement)).role, { timeout: 20_000 }).toBe('collector');
    const afterwards = await h.publish(10);
    await h.allStored([...whileDead, ...afterwards]);
    await replacement.stop();
  }, 120_000);

  it('the collecting process stopped cleanly hands the session over at once; a rolling replacement strands nothing', async () => {
    const a = await h.startServer();
    await expect.poll(async () => (await h.session(a)).role, { timeout: 20_000 }).toBe('collector');
    const b = await h.startServer();
    expect((await h.session(b)).role).toBe('standby');
    await a.stop();
    // Released at its stop: taken well within a lease (2 s here), not after it.
    await expect.poll(async () => (await h.session(b)).role, { timeout: 10_000 }).toBe('collector');
    const c = await h.startServer();
    expect((await h.session(c)).role).toBe('standby');
    await b.stop();
    await expect.poll(async () => (await h.session(c)).role, { timeout: 10_000 }).toBe('collector');
    await h.allStored(await h.publish(10));
    await c.stop();
  }, 120_000);

  it('the collecting process paused (SIGSTOP) past its lease: another takes over; resumed, it stands by; nothing doubled', async () => {
    const [a, b] = await h.startReadyPair();
    const collector = (await h.session(a)).role === 'collector' ? a : b;
    const standby = collector === a ? b : a;
    collector.pause();
    const whilePaused = await h.publish(10);
    await expect.poll(async () => (await h.session(standby)).role, { timeout: 20_000 }).toBe('collector');
    await h.allStored(whilePaused);
    collector.resume();
    await expect.poll(async () => (await h.session(collector)).role, { timeout: 20_000 }).toBe('standby');
    const after = await h.publish(10);
    await h.allStored([...whilePaused, ...after]);
    await a.stop();
    await b.stop();
  }, 120_000);

  it('reads published while every process is down are all stored once one comes back', async () => {
    const [a, b] = await h.startReadyPair();
    await a.kill();
    await b.stop();
    const whileDown = await h.publish(30);
    const back = await h.startReady();
    await h.allStored(whileDown);
    await back.stop();
  }, 120_000);
});

describe.skipIf(!isPossible || !hasRabbitMq())('AMQP hand-off (RabbitMQ quorum queue, its MQTT plugin, real processes)', () => {
  const h = harness('amqp');
  beforeAll(h.setup, 90_000);
  afterAll(h.teardown, 60_000);

  it('a broker killed (-9) and started again loses nothing acknowledged; the processes consume again', async () => {
    const [first, second] = await h.startReadyPair();
    await h.allStored(await h.publish(10));
    await first.stop();
    await second.stop();
    // RabbitMQ 3.10 writes a new quorum queue's registration to disk lazily (its Ra directory, within minutes): a node
    // killed right after the queue was first declared comes back without it (seen here; docs/brokers.md). A queue of a
    // running deployment is older than that; a clean restart writes it at once.
    await h.broker().restart();
    // Acknowledged by the broker to the reader while no process consumes: in the quorum queue only.
    const queued = await h.publish(20);
    await h.broker().crash();
    const third = await h.startReady();
    await h.allStored(queued);
    const after = await h.publish(10);
    await h.allStored(after);
    await third.stop();
  }, 180_000);

  it('a killed process holds nothing: another takes its messages; all down: they wait in the queue', async () => {
    const [a, b] = await h.startReadyPair();
    await a.kill();
    const whileOneDead = await h.publish(20);
    await h.allStored(whileOneDead);
    await b.kill();
    const whileAllDown = await h.publish(20);
    const c = await h.startReady();
    await h.allStored(whileAllDown);
    await c.stop();
  }, 180_000);
});
