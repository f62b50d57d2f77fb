import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { encodeSgtin96 } from '@rfid/epc';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { ReaderBus } from '../../broker/bus.js';
import { createMqttBus } from '../../broker/mqtt-bus.js';
import type { Database } from '../../db/client.js';
import { areas, devices, locations } from '../../db/schema/index.js';
import { buildDemoItemTypes } from '../../db/seed/demo-data.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const MQTT_URL = process.env.MQTT_TEST_URL;
process.env.READS_IDLE_GAP_MS = '300';

const gtins = buildDemoItemTypes(3).map((i) => i.gtin);
const epcOf = (index: number, serial: number) =>
  encodeSgtin96({ gtin: gtins[index % 3] as string, serial: String(serial), companyPrefixLength: 7 });

/** A reader with its own random MAC, so parallel runs on the same broker do not meet. */
const mac = randomBytes(6)
  .toString('hex')
  .toUpperCase()
  .replace(/(..)(?!$)/g, '$1:');
const topic = `readers/${mac.replace(/:/g, '')}/reads`;

describe.skipIf(!MQTT_URL)('MQTT reads subscriber', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let bus: ReaderBus;
  let publisher: MqttClient;
  let database: Database;
  let deviceId: number;

  const scalar = async (query: ReturnType<typeof sql>): Promise<number> => {
    const result = (await database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  /** Polls until the query answers `expected` (the subscriber works asynchronously). */
  const eventually = async (query: ReturnType<typeof sql>, expected: number, timeoutMs = 8_000) => {
    const deadline = Date.now() + timeoutMs;
    let value = await scalar(query);
    while (value !== expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      value = await scalar(query);
    }
    return value;
  };
  const publish = (payload: unknown) => publisher.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
  /** A series' value in the app's /metrics (0 while it does not exist). */
  const series = async (name: string) => {
    const text = (await app.inject({ url: '/metrics' })).body;
    const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
    return line === undefined ? 0 : Number(line.slice(name.length + 1));
  };
  /** Reads of reading-set messages from known readers, counted as each message is decoded. */
  const reads = 'rfid_reads_received_total{transport="mqtt",kind="set"}';
  /** Messages whose window committed: observed once per message after its reads are stored (or it was ignored). */
  const lag = 'rfid_bus_reads_commit_lag_seconds_count{transport="mqtt"}';

  beforeAll(async () => {
    // A database from the test helper; a second app on it whose bus is a real broker.
    t = await buildTestApp();
    database = t.database;
    const [location] = await database.db.select().from(locations).where(eq(locations.code, 'CD-BCN'));
    const [area] = await database.db
      .select()
      .from(areas)
      .where(eq(areas.locationId, location?.id as number));
    const [device] = await database.db
      .insert(devices)
      .values({
        companyId: location?.companyId as number,
        locationId: location?.id as number,
        areaId: area?.id as number,
        serialNumber: `MQTT-${mac}`,
        macAddress: mac,
        deviceKeyHash: createHash('sha256').update(randomUUID()).digest('hex'),
      })
      .returning();
    deviceId = device?.id as number;
    bus = await createMqttBus(MQTT_URL);
    app = await buildApp({ database, bus });
    await app.ready();
    publisher = await mqtt.connectAsync(MQTT_URL as string, { clientId: `test-reader-${mac}` });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await app?.close();
    await bus?.close();
    await t?.close();
  });

  it('counts the reads under transport mqtt and the time from each message to its commit (/metrics)', async () => {
    const [readsBefore, lagBefore] = [await series(reads), await series(lag)];
    const set = {
      id: randomUUID(),
      device: mac,
      start_time: '2026-11-19T07:00:00Z',
      end_time: '2026-11-19T07:00:02Z',
      epcs: [epcOf(0, 71), epcOf(1, 72)],
    };
    await publish(set);
    expect(await eventually(sql`select count(*) n from traces where reading_set_id = ${set.id}`, 2)).toBe(2);
    await expect.poll(() => series(lag), { timeout: 8_000 }).toBe(lagBefore + 1);
    expect(await series(reads)).toBe(readsBefore + 2);
  });

  it('stores the same reading set message twice only once', async () => {
    const set = {
      id: randomUUID(),
      device: mac,
      start_time: '2026-11-20T10:00:00Z',
      end_time: '2026-11-20T10:00:02Z',
      epcs: [epcOf(0, 1), epcOf(1, 2), epcOf(2, 3)],
    };
    const [readsBefore, lagBefore] = [await series(reads), await series(lag)];
    await publish(set);
    await publish(set);
    // Both messages decoded (3 reads each) and both committed: only then may "stored once" be asserted.
    await expect.poll(() => series(reads), { timeout: 8_000 }).toBe(readsBefore + 6);
    await expect.poll(() => series(lag), { timeout: 8_000 }).toBeGreaterThanOrEqual(lagBefore + 2);
    expect(await scalar(sql`select count(*) n from reading_sets where id = ${set.id}`)).toBe(1);
    expect(await scalar(sql`select count(*) n from traces where reading_set_id = ${set.id}`)).toBe(3);
  });

  it('groups a Zebra stream into a set, a redelivered message stored once', async () => {
    const events = [0, 1, 2, 3].map((i) => ({
      timestamp: `2026-11-20T11:00:00.${i}00+0000`,
      type: 'SIMPLE',
      data: { idHex: epcOf(i, 100 + i), antenna: 1, peakRssi: -48, eventNum: i },
    }));
    await publish(events[0]);
    await publish(events.slice(1));
    await publish(events.slice(1)); // QoS 1 redelivery
    const window = sql`read_at >= '2026-11-20T11:00:00Z' and read_at < '2026-11-20T11:01:00Z'`;
    expect(await eventually(sql`select count(*) n from traces where ${window}`, 4)).toBe(4);
    expect(
      await scalar(
        sql`select count(*) n from reading_sets where device_id = ${deviceId} and start_time >= '2026-11-20T11:00:00Z' and start_time < '2026-11-20T11:01:00Z'`,
      ),
    ).toBe(1);
    expect(await scalar(sql`select count(*) n from reader_stream_reads`)).toBe(0);
  });

  it('groups an Impinj tagInventory stream into sets by the idle gap', async () => {
    const event = (seconds: number, serial: number) => ({
      timestamp: `2026-11-20T12:00:${String(seconds).padStart(2, '0')}.000000000Z`,
      hostname: 'impinj-test',
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: epcOf(serial, 200 + serial), antennaPort: 2, peakRssiCdbm: -6100 },
    });
    await publish(event(0, 0));
    await publish(event(0, 1));
    await publish(event(30, 2)); // 30 s later on the reader's clock: another set
    const window = sql`start_time >= '2026-11-20T12:00:00Z' and start_time < '2026-11-20T12:01:00Z'`;
    expect(await eventually(sql`select count(*) n from reading_sets where device_id = ${deviceId} and ${window}`, 2)).toBe(2);
    expect(await scalar(sql`select count(*) n from traces where rssi = -61 and antenna = 2`)).toBe(3);
    expect(
      await scalar(sql`select count(*) n from reading_sets where device_id = ${deviceId} and claimed_by is null and ${window}`),
    ).toBe(2);
  });

  it('a burst of 5,000 one-read messages: every read stored once, in windows of many messages a write', async () => {
    const count = 5_000;
    const event = (serial: number) => ({
      timestamp: `2026-11-21T08:00:00.${String(serial % 1000).padStart(3, '0')}000000Z`,
      hostname: 'impinj-burst',
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: epcOf(serial, 900_000 + serial), antennaPort: 3, peakRssiCdbm: -5500 },
    });
    // Published as fast as the broker takes them (QoS 1, many in flight), as a reader's one-read-a-message stream does.
    const started = Date.now();
    await Promise.all(Array.from({ length: count }, (_, serial) => publish(event(serial))));
    const stored = await eventually(
      sql`select count(*) n from traces t join reading_sets s on s.id = t.reading_set_id
          where s.device_id = ${deviceId} and t.rssi = -55 and t.antenna = 3`,
      count,
      60_000,
    );
    expect(stored).toBe(count);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `MQTT burst: ${count} one-read messages stored in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} reads/s)`,
    );
  }, 90_000);

  it('acknowledges and ignores what it can never store', async () => {
    await publisher.publishAsync(topic, 'not json', { qos: 1 });
    await publish({ hello: 'world' });
    await publisher.publishAsync('readers/000000000000/reads', JSON.stringify({ timestamp: 'x', data: { idHex: 'AAAA' } }), {
      qos: 1,
    });
    // the subscriber keeps working after them
    const set = {
      id: randomUUID(),
      device: mac,
      start_time: '2026-11-20T13:00:00Z',
      end_time: '2026-11-20T13:00:00Z',
      epcs: [epcOf(0, 300)],
    };
    await publish(set);
    expect(await eventually(sql`select count(*) n from reading_sets where id = ${set.id}`, 1)).toBe(1);
  });
});

describe.skipIf(!MQTT_URL)('MQTT reads sent while the server is down', () => {
  let t: TestApp;
  let publisher: MqttClient;
  // This test's own reader and server session (client id and share group), so parallel runs do not meet.
  const suffix = randomBytes(4).toString('hex');
  const readerMac = randomBytes(6).toString('hex').toUpperCase();
  const readerTopic = `readers/${readerMac}/reads`;
  const busOptions = { clientId: `test-server-${suffix}`, shareGroup: `test-${suffix}`, sessionExpirySeconds: 120 };

  const startServer = async () => {
    const bus = await createMqttBus(MQTT_URL, busOptions);
    const server = await buildApp({ database: t.database, bus });
    await server.ready();
    return {
      async stop() {
        await server.close();
        await bus.close();
      },
    };
  };
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const [location] = await t.database.db.select().from(locations).where(eq(locations.code, 'CD-BCN'));
    const [area] = await t.database.db
      .select()
      .from(areas)
      .where(eq(areas.locationId, location?.id as number));
    await t.database.db.insert(devices).values({
      companyId: location?.companyId as number,
      locationId: location?.id as number,
      areaId: area?.id as number,
      serialNumber: `MQTT-DOWN-${suffix}`,
      macAddress: readerMac,
      deviceKeyHash: createHash('sha256').update(randomUUID()).digest('hex'),
    });
    publisher = await mqtt.connectAsync(MQTT_URL as string, { clientId: `test-reader-${readerMac}` });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await t?.close();
  });

  it('stores every set and stream read published while it was stopped, once it is back', async () => {
    // First start: the broker learns the session and its (shared) subscription; then a clean stop.
    const first = await startServer();
    await first.stop();

    const setIds = Array.from({ length: 12 }, () => randomUUID());
    for (const [i, id] of setIds.entries()) {
      await publisher.publishAsync(
        readerTopic,
        JSON.stringify({
          id,
          device: readerMac,
          start_time: '2026-11-22T08:00:00Z',
          end_time: '2026-11-22T08:00:01Z',
          epcs: [epcOf(i, 5_000 + i), epcOf(i + 1, 6_000 + i)],
        }),
        { qos: 1 },
      );
    }
    const events = Array.from({ length: 50 }, (_, i) => ({
      timestamp: `2026-11-22T09:00:00.${String(i * 10).padStart(3, '0')}Z`,
      data: { idHex: epcOf(i, 7_000 + i), antenna: 1, peakRssi: -50 },
    }));
    for (let i = 0; i < events.length; i += 10) {
      await publisher.publishAsync(readerTopic, JSON.stringify(events.slice(i, i + 10)), { qos: 1 });
    }

    const second = await startServer();
    try {
      const deadline = Date.now() + 15_000;
      const stored = () =>
        count(sql`select count(*) n from traces t join reading_sets s on s.id = t.reading_set_id
          join devices d on d.id = s.device_id where d.mac_address = ${readerMac}`);
      while ((await stored()) < 24 + 50 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await stored()).toBe(24 + 50);
      expect(await count(sql`select count(*) n from reading_sets where id = any(${sql.param(setIds)}::uuid[])`)).toBe(12);
    } finally {
      await second.stop();
    }
  });
});
