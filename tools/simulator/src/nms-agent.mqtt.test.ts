import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReaderBus } from '../../../apps/server/src/broker/bus.js';
import { createMqttBus } from '../../../apps/server/src/broker/mqtt-bus.js';
import { buildTestApp, type TestApp } from '../../../apps/server/src/test/helpers.js';
import { type NmsAgent, startNmsAgent } from './nms-agent.js';

const url = process.env.MQTT_TEST_URL;

/** Polls until `check` answers something truthy (or fails after 10 s). */
const waitFor = async <T>(check: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.skipIf(!url)('NMS agent over MQTT (local Mosquitto)', () => {
  const MAC = '84:24:8D:00:00:03'; // demo handheld HH-MAD-01
  let bus: ReaderBus;
  let t: TestApp;
  let agent: NmsAgent | undefined;
  const commands: string[] = [];
  const get = async (path: string) =>
    (await t.app.inject({ url: path, headers: { authorization: await t.login('admin@demo.local') } })).json();
  const post = async (path: string) =>
    t.app.inject({ method: 'POST', url: path, headers: { authorization: await t.login('admin@demo.local') } });

  beforeAll(async () => {
    // Its own share group and a short session: a server session left on the broker never takes its messages.
    bus = await createMqttBus(url, {
      clientId: `nms-agent-test-${process.pid}`,
      shareGroup: `nms-agent-test-${process.pid}`,
      sessionExpirySeconds: 60,
    });
    t = await buildTestApp({ bus });
  });
  afterAll(async () => {
    await agent?.stop();
    await t?.close();
    await bus?.close();
  });

  it('reports the reader ON with its application, then starts and stops it on command', async () => {
    const [before] = await get(`/nms/device/?mac=${MAC}`);
    expect(before).toMatchObject({ state: 'OFF', nms_connected: true });

    agent = await startNmsAgent({
      url: url as string,
      mac: MAC,
      heartbeatMs: 500,
      applications: [{ application: 'rfid-reader', version: '2.3.1', running: false }],
      onCommand: (c) => commands.push(c.command),
    });
    const device = await waitFor(async () => {
      const [d] = await get(`/nms/device/?mac=${MAC}`);
      return d.state === 'ON' && d.version === '3.10.2' ? d : undefined;
    });
    const [app] = await waitFor(async () => {
      const apps = await get(`/nms/deviceapp/?device=${device.id}`);
      return apps.length ? apps : undefined;
    });
    expect(app).toMatchObject({ application: 'rfid-reader', running: false, desired_running: false });

    expect((await post(`/nms/deviceapp/${app.id}/start/`)).statusCode).toBe(202);
    await waitFor(async () => (await get(`/nms/deviceapp/?device=${device.id}`))[0].running === true);
    expect(agent.applications()[0]?.running).toBe(true);

    expect((await post(`/nms/deviceapp/${app.id}/stop/`)).statusCode).toBe(202);
    await waitFor(async () => (await get(`/nms/deviceapp/?device=${device.id}`))[0].running === false);
    expect(agent.applications()[0]?.running).toBe(false);
    expect(commands).toEqual(expect.arrayContaining(['start', 'stop']));

    const update = await t.app.inject({
      method: 'POST',
      url: `/nms/device/${device.id}/update_device/`,
      headers: { authorization: await t.login('admin@demo.local') },
      payload: { version: '3.11.0' },
    });
    expect(update.statusCode).toBe(202);
    await waitFor(async () => (await get(`/nms/device/?mac=${MAC}`))[0].version === '3.11.0');
  });
});
