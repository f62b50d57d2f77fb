import { NMS_UNAVAILABLE_MESSAGE } from '@rfid/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessageHandler, ReaderBus } from '../../broker/bus.js';
import { deviceApplications } from '../../db/schema/index.js';
import { addForeignCompany, type ForeignCompany } from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** An in-memory broker: records what the server publishes and delivers what a reader would send. */
const fakeBus = () => {
  const published: { topic: string; message: Record<string, unknown> }[] = [];
  const handlers: { filter: string; handler: BusMessageHandler }[] = [];
  const state = { connected: true };
  const bus: ReaderBus = {
    isConnected: () => state.connected,
    status: () => ({ transport: 'mqtt', connected: state.connected, subscribed: state.connected }),
    publish: async (topic, message) => {
      published.push({ topic, message: message as Record<string, unknown> });
    },
    subscribe: async (filter, handler) => {
      handlers.push({ filter, handler });
    },
    subscribeBatch: async () => {},
    start: async () => {},
    isClosing: () => false,
    close: async () => {},
  };
  const deliver = async (topic: string, message: unknown) => {
    for (const { filter, handler } of handlers) {
      const re = new RegExp(`^${filter.replace(/\+/g, '[^/]+')}$`);
      if (re.test(topic)) await handler(topic, Buffer.from(JSON.stringify(message)));
    }
  };
  return { bus, published, deliver, state };
};

describe('nms API', () => {
  let t: TestApp;
  let foreign: ForeignCompany;
  const broker = fakeBus();
  const MAC = '84:24:8D:00:00:01';
  const STATUS = 'readers/84248D000001/status';
  const COMMANDS = 'readers/84248D000001/commands';
  let deviceId: number;
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who = 'admin@demo.local',
    payload?: unknown,
    app = t,
  ) =>
    app.app.inject({
      method,
      url,
      headers: { authorization: await app.login(who) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const apps = async () => (await call('GET', `/nms/deviceapp/?device=${deviceId}`)).json();
  const lastCommand = () => broker.published.at(-1);

  beforeAll(async () => {
    t = await buildTestApp({ bus: broker.bus });
    foreign = await addForeignCompany(t.database.db);
    deviceId = (await call('GET', `/nms/device/?mac=${MAC}`)).json()[0].id;
  });
  afterAll(async () => t?.close());

  it('answers the device by MAC, OFF until a heartbeat, then ON with its firmware version', async () => {
    const before = (await call('GET', `/nms/device/?mac=${MAC.toLowerCase()}`)).json();
    expect(before).toEqual([
      expect.objectContaining({ id: deviceId, mac: MAC, state: 'OFF', last_seen_at: null, nms_connected: true }),
    ]);
    await broker.deliver(STATUS, { firmware_version: '3.10.2' });
    const after = (await call('GET', `/nms/device/?mac=${MAC}`)).json()[0];
    expect(after).toMatchObject({ state: 'ON', version: '3.10.2' });
    expect(Date.now() - Date.parse(after.last_seen_at)).toBeLessThan(60_000);
    expect((await call('GET', '/nms/device/?mac=not-a-mac')).json()).toEqual([]);
    expect((await call('GET', '/nms/device/?mac=AA:00:00:00:00:01')).json()).toEqual([]);
  });

  it('records reported applications, starts one and follows the running state the reader reports', async () => {
    await broker.deliver(STATUS, { applications: [{ application: 'rfid-reader', version: '2.3.1', running: false }] });
    const [app] = await apps();
    expect(app).toMatchObject({
      application: 'rfid-reader',
      version: '2.3.1',
      running: false,
      desired_running: false,
      device: deviceId,
    });

    const start = await call('POST', `/nms/deviceapp/${app.id}/start/`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({ running: false, desired_running: true });
    expect(lastCommand()).toEqual({
      topic: COMMANDS,
      message: expect.objectContaining({ command: 'start', application: 'rfid-reader' }),
    });

    await broker.deliver(STATUS, { applications: [{ application: 'rfid-reader', running: true }] });
    expect((await apps())[0]).toMatchObject({ running: true, desired_running: true, version: '2.3.1' });

    // a reader that reports the app stopped while it should run is told to start it again
    const count = broker.published.length;
    await broker.deliver(STATUS, { applications: [{ application: 'rfid-reader', running: false }] });
    expect(broker.published.length).toBe(count + 1);
    expect(lastCommand()?.message).toMatchObject({ command: 'start', application: 'rfid-reader' });

    const stop = await call('POST', `/nms/deviceapp/${app.id}/stop/`);
    expect(stop.json().desired_running).toBe(false);
    expect(lastCommand()?.message).toMatchObject({ command: 'stop' });
  });

  it('installs, configures and uninstalls an application, and updates the firmware', async () => {
    const available = (await call('GET', '/nms/application/available_apps/')).json();
    expect(available.map((a: { application: string }) => a.application)).toContain('gpio-lights');
    const install = await call('POST', '/nms/deviceapp/', 'admin@demo.local', {
      device: deviceId,
      application: 'gpio-lights',
      config: { pin: '4' },
    });
    expect(install.statusCode).toBe(201);
    const app = install.json();
    expect(app).toMatchObject({ application: 'gpio-lights', version: '1.0.4', config: { pin: '4' }, running: false });
    expect(lastCommand()?.message).toMatchObject({ command: 'install', application: 'gpio-lights' });
    expect(
      (await call('POST', '/nms/deviceapp/', 'admin@demo.local', { device: deviceId, application: 'gpio-lights' })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/nms/deviceapp/', 'admin@demo.local', { device: deviceId, application: 'nope' })).statusCode,
    ).toBe(400);

    const put = await call('PUT', `/nms/deviceapp/${app.id}/`, 'admin@demo.local', {
      config: { pin: '5', colour: 'green' },
      device: deviceId,
      version: '1.0.5',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      config: { pin: '5', colour: 'green' },
      version: '1.0.5',
      version_name: 'gpio-lights 1.0.5',
    });
    expect(lastCommand()?.message).toMatchObject({
      command: 'configure',
      config: { pin: '5', colour: 'green' },
      version: '1.0.5',
    });
    const wrongDevice = await call('PUT', `/nms/deviceapp/${app.id}/`, 'admin@demo.local', { config: {}, device: deviceId + 1 });
    expect(wrongDevice.statusCode).toBe(400);
    expect((await call('PUT', `/nms/deviceapp/${app.id}/`, 'admin@demo.local', {})).statusCode).toBe(400);

    expect((await call('DELETE', `/nms/deviceapp/${app.id}/`)).statusCode).toBe(204);
    expect(lastCommand()?.message).toMatchObject({ command: 'uninstall', application: 'gpio-lights' });
    expect((await apps()).some((a: { id: number }) => a.id === app.id)).toBe(false);

    const update = await call('POST', `/nms/device/${deviceId}/update_device/`, 'admin@demo.local', { version: '3.11.0' });
    expect(update.statusCode).toBe(202);
    expect(update.json()).toEqual({ id: deviceId, command: 'update_device', status: 'sent' });
    expect(lastCommand()).toEqual({
      topic: COMMANDS,
      message: expect.objectContaining({ command: 'update_device', version: '3.11.0' }),
    });
    const missing = await call('POST', `/nms/device/${deviceId}/update_device/`, 'admin@demo.local', {});
    expect(missing.json().errors.version).toBeDefined();
  });

  it('answers 503 with the spec message when the broker is down, and changes nothing', async () => {
    const [app] = await apps();
    broker.state.connected = false;
    try {
      const r = await call('POST', `/nms/deviceapp/${app.id}/start/`);
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ message: NMS_UNAVAILABLE_MESSAGE, code: 'nms.unavailable' });
      expect((await apps())[0].desired_running).toBe(app.desired_running);
      expect((await call('GET', `/nms/device/?mac=${MAC}`)).json()[0].nms_connected).toBe(false);
    } finally {
      broker.state.connected = true;
    }
    // without MQTT_URL at all: reads still answer, commands 503
    const plain = await buildTestApp();
    try {
      const device = (await call('GET', `/nms/device/?mac=${MAC}`, 'admin@demo.local', undefined, plain)).json()[0];
      expect(device).toMatchObject({ state: 'OFF', nms_connected: false });
      const r = await call('POST', `/nms/device/${device.id}/update_device/`, 'admin@demo.local', { version: '1' }, plain);
      expect(r.statusCode).toBe(503);
      expect(r.json().message).toBe(NMS_UNAVAILABLE_MESSAGE);
    } finally {
      await plain.close();
    }
  });

  it('refuses roles above 2 and foreign devices; ignores unknown readers', async () => {
    const [app] = await apps();
    for (const who of ['editor@demo.local', 'viewer@demo.local']) {
      expect((await call('GET', `/nms/device/?mac=${MAC}`, who)).statusCode).toBe(403);
      expect((await call('POST', `/nms/deviceapp/${app.id}/start/`, who)).statusCode).toBe(403);
      expect((await call('DELETE', `/nms/deviceapp/${app.id}/`, who)).statusCode).toBe(403);
    }
    expect(
      (await call('POST', `/nms/device/${foreign.deviceId}/update_device/`, 'admin@demo.local', { version: '1' })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/nms/deviceapp/?device=${foreign.deviceId}`)).json()).toEqual([]);
    await broker.deliver('readers/AA0000000001/status', { applications: [{ application: 'rfid-reader', running: true }] });
    const foreignApps = (await call('GET', '/nms/deviceapp/')).json();
    expect(foreignApps.every((a: { device: number }) => a.device !== foreign.deviceId)).toBe(true);
    // the foreign reader's own app row is not reachable either
    const [foreignApp] = await t.database.db
      .select({ id: deviceApplications.id })
      .from(deviceApplications)
      .where(eq(deviceApplications.deviceId, foreign.deviceId));
    expect(foreignApp).toBeDefined();
    expect((await call('POST', `/nms/deviceapp/${foreignApp?.id}/start/`)).statusCode).toBe(404);
    await broker.deliver('readers/FFFFFFFFFFFF/status', { firmware_version: 'x' });
    await broker.deliver(STATUS, 'not an object');
    expect((await call('GET', `/nms/device/?mac=${MAC}`)).json()[0].state).toBe('ON');
  });
});
