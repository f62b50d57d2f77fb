import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReaderBus } from './bus.js';
import { createMqttBus } from './mqtt-bus.js';

const MQTT_URL = process.env.MQTT_TEST_URL;

/**
 * Issue 15, item 3: `subscribeBatch` reads on while a window is being stored, so one-message-a-read streams are stored
 * many messages a write, each message once, in order, and acknowledged only after its window.
 */
describe.skipIf(!MQTT_URL)('MQTT bus windows', () => {
  const base = `bus-test/${randomBytes(4).toString('hex')}`;
  let bus: ReaderBus;
  let publisher: MqttClient;
  const windows: number[][] = [];
  /** The first window's store waits for this: what arrives meanwhile gathers behind it, as behind a slow write. */
  let releaseFirst = () => {};
  const firstHeld = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });

  beforeAll(async () => {
    bus = await createMqttBus(MQTT_URL);
    await bus.subscribeBatch(`${base}/+`, async (messages) => {
      if (windows.length === 0) await firstHeld;
      windows.push(messages.map((message) => Number(message.payload.toString())));
    });
    await bus.start();
    publisher = await mqtt.connectAsync(MQTT_URL as string, { clientId: `bus-test-${randomBytes(4).toString('hex')}` });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await bus?.close();
  });

  it('2,000 messages published at once: stored in windows of many, each once, in the order sent', async () => {
    // Every message is at the broker (it acknowledged each publish) before the first window's store ends.
    await Promise.all(Array.from({ length: 2_000 }, (_, i) => publisher.publishAsync(`${base}/a`, String(i), { qos: 1 })));
    releaseFirst();
    await expect.poll(() => windows.flat().length, { timeout: 30_000 }).toBe(2_000);
    expect(windows.flat()).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
    // One by one this would be 2,000 windows; held behind the first store, the rest gather in a few.
    expect(windows.length).toBeLessThan(200);
    expect(Math.max(...windows.map((w) => w.length))).toBeGreaterThan(10);
  });

  it('a window whose store fails is not acknowledged: the same session gets it again once it is back', async () => {
    const clientId = `bus-test-session-${randomBytes(4).toString('hex')}`;
    const topic = `${base}-session/b`;
    const seen: string[][] = [];
    let fail = true;
    let refused = () => {};
    const firstRefused = new Promise<void>((resolve) => {
      refused = resolve;
    });
    const open = async () => {
      const session = await createMqttBus(MQTT_URL, { clientId, sessionExpirySeconds: 60 });
      await session.subscribeBatch(topic, async (messages) => {
        if (fail) {
          refused();
          throw new Error('database is down');
        }
        seen.push(messages.map((message) => message.payload.toString()));
      });
      await session.start();
      return session;
    };
    const first = await open();
    await publisher.publishAsync(topic, 'seven', { qos: 1 });
    await firstRefused;
    expect(seen).toEqual([]);
    await first.close();
    fail = false;
    const second = await open();
    await expect.poll(() => seen.flat(), { timeout: 10_000 }).toEqual(['seven']);
    await second.close();
  });
});
