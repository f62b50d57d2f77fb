import { randomUUID } from 'node:crypto';
import {
  type AvailableApp,
  type CommandAccepted,
  type DeviceApplication,
  isValidMac,
  LiveTopic,
  type NmsDevice,
  normalizeMac,
  READER_STATUS_FILTER,
  type ReaderCommand,
  readerCommandsTopic,
  readerStatusSchema,
} from '@rfid/contract';
import type { ReaderBus } from '../../broker/bus.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { readerState } from '../admin/readers.service.js';
import { recordLive } from '../live/live.service.js';
import type { DeviceAppRow, NmsDeviceRow, NmsRepository } from './nms.repository.js';

/** A reader command without its request id (`send` gives each one a new id). */
type WithoutRequestId<C> = C extends unknown ? Omit<C, 'request_id'> : never;
type CommandWithoutId = WithoutRequestId<ReaderCommand>;

/** Applications readers may run (the catalogue offered by GET /nms/application/available_apps/). */
export const AVAILABLE_APPS: readonly AvailableApp[] = [
  { application: 'rfid-reader', version: '2.3.1', version_name: 'RFID reader 2.3.1' },
  { application: 'edge-filter', version: '1.2.0', version_name: 'Edge filter 1.2.0' },
  { application: 'gpio-lights', version: '1.0.4', version_name: 'GPIO lights 1.0.4' },
];

/** A publish that has not completed by then means the broker is not answering. */
const PUBLISH_TIMEOUT_MS = 5000;

export const toDeviceAppDto = (row: DeviceAppRow): DeviceApplication => ({
  id: row.id,
  application: row.application,
  version_name: row.versionName,
  running: row.running,
  desired_running: row.desiredRunning,
  config: row.config,
  device: row.deviceId,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

const unavailable = () => new AppError('UNAVAILABLE', { message: 'nms.unavailable' });

type Logger = { warn: (obj: object, msg: string) => void };

type Deps = { repo: NmsRepository; bus: ReaderBus; log: Logger; db: DbOrTx };

/**
 * The handler of `readers/+/status`: every message marks the reader as heard from now; reported applications are
 * stored, and any whose running state differs from the desired one is sent its start or stop again (so a command
 * missed while the reader was OFF still lands).
 */
const statusHandler =
  ({ repo, bus, log, db }: Deps) =>
  async (topic: string, payload: Buffer) => {
    try {
      const macPart = topic.split('/')[1] ?? '';
      if (!isValidMac(macPart)) return;
      const mac = normalizeMac(macPart);
      const device = await repo.deviceByMac(mac);
      if (!device) return;
      let json: unknown = {};
      try {
        json = payload.length ? JSON.parse(payload.toString('utf8')) : {};
      } catch {
        json = {};
      }
      const parsed = readerStatusSchema.safeParse(json);
      const status = parsed.success ? parsed.data : {};
      await repo.touch(device.id, new Date(), status.firmware_version);
      if (!status.applications) return;
      // The reader pages hear of a reported status (its applications); a bare "still here" is not worth a row.
      await recordLive(db, [
        {
          companyId: device.companyId,
          locationId: device.locationId,
          topic: LiveTopic.Device,
          payload: { device: device.id, applications: status.applications.length },
        },
      ]);
      const apps = await repo.saveReported(
        device.id,
        status.applications.map((a) => ({
          application: a.application,
          running: a.running,
          version: a.version,
          versionName: a.version_name,
        })),
      );
      const reported = new Set(status.applications.map((a) => a.application));
      for (const app of apps) {
        if (!reported.has(app.application) || app.running === app.desiredRunning) continue;
        if (!bus.isConnected()) break;
        await bus.publish(
          readerCommandsTopic(mac),
          { command: app.desiredRunning ? 'start' : 'stop', application: app.application, request_id: randomUUID() },
          { qos: 1 },
        );
      }
    } catch (error) {
      log.warn({ err: error, topic }, 'reader status not recorded');
    }
  };

/** Sends a command (with a new request id) to a reader; 503 when the broker is not connected or does not answer. */
const commandSender =
  ({ bus, log }: Pick<Deps, 'bus' | 'log'>) =>
  async (mac: string, order: CommandWithoutId): Promise<void> => {
    const command: ReaderCommand = { ...order, request_id: randomUUID() };
    if (!bus.isConnected()) throw unavailable();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable()), PUBLISH_TIMEOUT_MS);
    });
    try {
      await Promise.race([bus.publish(readerCommandsTopic(mac), command, { qos: 1 }), timeout]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.warn({ err: error, mac }, 'nms command publish failed');
      throw unavailable();
    } finally {
      clearTimeout(timer);
    }
  };

export const createNmsService = ({ repo, bus, log, db }: Deps) => {
  const send = commandSender({ bus, log });
  const toDeviceDto = (row: NmsDeviceRow): NmsDevice => ({
    id: row.id,
    mac: row.mac,
    serial_number: row.serialNumber,
    state: readerState(row.lastSeenAt),
    last_seen_at: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
    version: row.firmwareVersion,
    nms_connected: bus.isConnected(),
  });

  const loadApp = async (user: AuthUser, id: number) => {
    const row = await repo.app(user, id);
    if (!row) throw notFound('nms.application_not_found');
    return row;
  };
  const loadDevice = async (user: AuthUser, id: number) => {
    const row = await repo.device(user, id);
    if (!row) throw notFound('nms.device_not_found');
    return row;
  };
  const reload = async (user: AuthUser, id: number) => toDeviceAppDto(await loadApp(user, id));
  /** Sends an application with its configuration to the reader, in the version asked or else `current`; gives that version. */
  const sendApp = async (
    mac: string,
    command: 'install' | 'configure',
    { application, current }: { application: string; current: string },
    body: { version?: string | undefined; config: Record<string, string> },
  ) => {
    const version = body.version || current;
    await send(mac, { command, application, version, config: body.config });
    return version;
  };

  return {
    async devices(user: AuthUser, mac?: string) {
      if (mac !== undefined && !isValidMac(mac)) return [];
      const rows = await repo.devices(user, mac === undefined ? undefined : normalizeMac(mac));
      return rows.map(toDeviceDto);
    },

    availableApps: () => [...AVAILABLE_APPS],

    async apps(user: AuthUser, deviceId?: number) {
      return (await repo.apps(user, deviceId)).map(toDeviceAppDto);
    },

    /** Installs an application from the catalogue on a reader. */
    async install(
      user: AuthUser,
      body: { device: number; application: string; version?: string | undefined; config: Record<string, string> },
    ) {
      const device = await loadDevice(user, body.device);
      const known = AVAILABLE_APPS.find((a) => a.application === body.application);
      if (!known) throw fieldError('application', 'nms.unknown_application');
      if ((await repo.apps(user, device.id)).some((a) => a.application === body.application)) {
        throw new AppError('CONFLICT', { message: 'nms.already_installed' });
      }
      const version = await sendApp(device.mac, 'install', { application: known.application, current: known.version }, body);
      const id = await repo.insertApp({
        deviceId: device.id,
        application: known.application,
        version,
        versionName: version === known.version ? known.version_name : `${known.application} ${version}`,
        config: body.config,
      });
      return reload(user, id);
    },

    /** New configuration (and version) for an application; sent to the reader, then stored. */
    async update(
      user: AuthUser,
      id: number,
      body: { config: Record<string, string>; device?: number | undefined; version?: string | undefined },
    ) {
      const app = await loadApp(user, id);
      if (body.device !== undefined && body.device !== app.deviceId) throw fieldError('device', 'nms.other_device');
      const version = await sendApp(app.mac, 'configure', { application: app.application, current: app.version }, body);
      await repo.updateApp(id, {
        config: body.config,
        ...(version !== app.version ? { version, versionName: `${app.application} ${version}` } : {}),
      });
      return reload(user, id);
    },

    async remove(user: AuthUser, id: number) {
      const app = await loadApp(user, id);
      await send(app.mac, { command: 'uninstall', application: app.application });
      await repo.deleteApp(id);
    },

    /** Start or stop: the desired state is stored and sent; `running` changes when the reader reports it. */
    async setRunning(user: AuthUser, id: number, running: boolean) {
      const app = await loadApp(user, id);
      await send(app.mac, { command: running ? 'start' : 'stop', application: app.application });
      await repo.setDesired(id, running);
      return reload(user, id);
    },

    async updateDevice(user: AuthUser, id: number, version: string): Promise<CommandAccepted> {
      const device = await loadDevice(user, id);
      await send(device.mac, { command: 'update_device', version });
      return { id: device.id, command: 'update_device', status: 'sent' };
    },

    /** Listens to `readers/+/status` (statusHandler). */
    async listen(): Promise<void> {
      await bus.subscribe(READER_STATUS_FILTER, statusHandler({ repo, bus, log, db }), { shared: true });
    },
  };
};
export type NmsService = ReturnType<typeof createNmsService>;
