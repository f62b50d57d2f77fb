import type { ReadingSetBody } from '@rfid/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { FetchLike } from './api.js';

export type SendResult = { status: number; body: unknown; ms: number };

/** How a simulated reader reaches the server: HTTP with its device key, or the MQTT broker. */
export type Transport = {
  name: 'http' | 'mqtt';
  sendSet: (set: ReadingSetBody) => Promise<SendResult>;
  /** Zebra or Impinj events: one HTTP request or one MQTT message. */
  sendEvents: (events: readonly unknown[]) => Promise<SendResult>;
  close: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * HTTP: POST /api/readingsets/ and /api/readers/stream/ with `Authorization: Device <key>`, or HTTP Basic (user = the
 * reader's serial or MAC, password = its key) as the Zebra IoT Connector and Impinj webhook consoles send it.
 * Like a reader's buffer, a failed send (no connection, 5xx) is retried with the same body: the
 * set's id makes the retry harmless.
 */
export const httpTransport = ({
  server,
  key,
  retries = 5,
  fetchImpl = fetch,
  basicUser,
}: {
  server: string;
  key: string;
  /** Sign in with HTTP Basic as this user (the reader's serial or MAC) instead of the Device header. */
  basicUser?: string;
  retries?: number;
  /** Another fetch (a test's); the global one by default. */
  fetchImpl?: FetchLike;
}): Transport => {
  const authorization =
    basicUser === undefined ? `Device ${key}` : `Basic ${Buffer.from(`${basicUser}:${key}`).toString('base64')}`;
  const post = async (path: string, body: unknown): Promise<SendResult> => {
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetchImpl(new URL(path, server), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        if (response.status >= 500 && attempt < retries) {
          await sleep(200 * 2 ** attempt);
          continue;
        }
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        return { status: response.status, body: parsed, ms: performance.now() - started };
      } catch (error) {
        if (attempt >= retries) throw error;
        await sleep(200 * 2 ** attempt);
      }
    }
  };
  return {
    name: 'http',
    sendSet: (set) => post('/api/readingsets/', set),
    sendEvents: (events) => post('/api/readers/stream/', events),
    close: async () => {},
  };
};

/** MQTT: publishes QoS 1 to `readers/<mac>/reads`; resolves when the broker acknowledged. */
export const mqttTransport = async ({ url, mac }: { url: string; mac: string }): Promise<Transport> => {
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `sim-${mac.replace(/[^0-9A-Fa-f]/g, '')}-${process.pid}`,
    reconnectPeriod: 1000,
  });
  const topic = `readers/${mac.replace(/[^0-9A-Fa-f]/g, '').toUpperCase()}/reads`;
  const publish = async (payload: unknown): Promise<SendResult> => {
    const started = performance.now();
    await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    return { status: 0, body: { topic }, ms: performance.now() - started };
  };
  return {
    name: 'mqtt',
    sendSet: publish,
    sendEvents: (events) => publish(events.length === 1 ? events[0] : events),
    close: () => client.endAsync(),
  };
};
