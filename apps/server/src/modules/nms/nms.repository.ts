import { LiveTopic } from '@rfid/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceApplications, devices, locations } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordLive } from '../live/live.service.js';
import { visibleLocations, visibleRecords, visibleRow } from '../locations/location-scope.js';

const deviceColumns = {
  id: devices.id,
  mac: devices.macAddress,
  serialNumber: devices.serialNumber,
  lastSeenAt: devices.lastSeenAt,
  firmwareVersion: devices.firmwareVersion,
};
export type NmsDeviceRow = { id: number; mac: string; serialNumber: string; lastSeenAt: Date | null; firmwareVersion: string };

const appColumns = {
  id: deviceApplications.id,
  deviceId: deviceApplications.deviceId,
  application: deviceApplications.application,
  version: deviceApplications.version,
  versionName: deviceApplications.versionName,
  running: deviceApplications.running,
  desiredRunning: deviceApplications.desiredRunning,
  config: deviceApplications.config,
  updatedAt: deviceApplications.updatedAt,
};
export type DeviceAppRow = {
  id: number;
  deviceId: number;
  application: string;
  version: string;
  versionName: string;
  running: boolean;
  desiredRunning: boolean;
  config: Record<string, string>;
  updatedAt: Date;
};
export type ReportedApp = {
  application: string;
  running: boolean;
  version?: string | undefined;
  versionName?: string | undefined;
};

/** A reader known by its MAC (the status subscriber: no user, the reader speaks for itself). */
export type StatusDevice = { id: number; companyId: number; locationId: number };
export type NewDeviceApp = {
  deviceId: number;
  application: string;
  version: string;
  versionName: string;
  config: Record<string, string>;
};

/** What the NMS use cases (use-cases/*.ts) read and write: readers and their applications. */
export type NmsRepository = {
  /** The readers of the locations the user sees (one MAC, normalized, when given), by id. */
  devices(user: AuthUser, mac?: string): Promise<NmsDeviceRow[]>;
  /** A reader of a location the user sees, or undefined. */
  device(user: AuthUser, id: number): Promise<NmsDeviceRow | undefined>;
  /** The applications of the readers the user sees (of one reader when given), by name. */
  apps(user: AuthUser, deviceId?: number): Promise<DeviceAppRow[]>;
  /** An application of a reader the user sees, with the reader's MAC, or undefined. */
  app(user: AuthUser, id: number): Promise<(DeviceAppRow & { mac: string }) | undefined>;
  /** Stores an installed application; answers its id. */
  insertApp(values: NewDeviceApp): Promise<number>;
  updateApp(id: number, values: { config: Record<string, string>; version?: string; versionName?: string }): Promise<void>;
  setDesired(id: number, desiredRunning: boolean): Promise<void>;
  deleteApp(id: number): Promise<void>;
  deviceByMac(mac: string): Promise<StatusDevice | undefined>;
  /** Heard from now: last_seen_at only moves forward; the firmware version when reported. */
  touch(deviceId: number, at: Date, firmwareVersion?: string): Promise<void>;
  /** Tells the reader pages a reader reported its applications (the live stream). */
  reportedLive(device: StatusDevice, applications: number): Promise<void>;
  /** Records the applications a reader reports; answers every application of the reader afterwards. */
  saveReported(deviceId: number, reported: ReportedApp[]): Promise<DeviceAppRow[]>;
};

/** The readers the user sees, with their location. */
const deviceRecords = (db: Db) =>
  visibleRecords(
    db,
    () => db.select(deviceColumns).from(devices).innerJoin(locations, eq(locations.id, devices.locationId)).$dynamic(),
    devices.id,
  );

/** The readers and their applications as the users see them (their locations). */
const readQueries = (db: Db) => ({
  devices: (user: AuthUser, mac?: string): Promise<NmsDeviceRow[]> =>
    deviceRecords(db).all(user, [mac === undefined ? undefined : eq(devices.macAddress, mac)], [asc(devices.id)]),

  device: (user: AuthUser, id: number): Promise<NmsDeviceRow | undefined> => deviceRecords(db).one(user, id),

  async apps(user: AuthUser, deviceId?: number): Promise<DeviceAppRow[]> {
    return db
      .select(appColumns)
      .from(deviceApplications)
      .innerJoin(devices, eq(devices.id, deviceApplications.deviceId))
      .innerJoin(locations, eq(locations.id, devices.locationId))
      .where(and(visibleLocations(user), deviceId === undefined ? undefined : eq(deviceApplications.deviceId, deviceId)))
      .orderBy(asc(deviceApplications.application), asc(deviceApplications.id));
  },

  /** An application of a device the user may see, with the device's MAC. */
  async app(user: AuthUser, id: number): Promise<(DeviceAppRow & { mac: string }) | undefined> {
    const query = db
      .select({ ...appColumns, mac: devices.macAddress })
      .from(deviceApplications)
      .innerJoin(devices, eq(devices.id, deviceApplications.deviceId))
      .innerJoin(locations, eq(locations.id, devices.locationId))
      .$dynamic();
    return visibleRow(query, deviceApplications.id, user, id);
  },
});

/** The operators' changes to a reader's applications. */
const appWrites = (db: Db) => ({
  async insertApp(values: NewDeviceApp) {
    const [row] = await db.insert(deviceApplications).values(values).returning({ id: deviceApplications.id });
    return row?.id as number;
  },

  async updateApp(id: number, values: { config: Record<string, string>; version?: string; versionName?: string }): Promise<void> {
    await db
      .update(deviceApplications)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(deviceApplications.id, id));
  },

  async setDesired(id: number, desiredRunning: boolean): Promise<void> {
    await db.update(deviceApplications).set({ desiredRunning, updatedAt: new Date() }).where(eq(deviceApplications.id, id));
  },

  async deleteApp(id: number): Promise<void> {
    await db.delete(deviceApplications).where(eq(deviceApplications.id, id));
  },
});

/** Used by the status subscriber (no user: the reader speaks for itself). */
const statusQueries = (db: Db) => ({
  async deviceByMac(mac: string): Promise<StatusDevice | undefined> {
    const [row] = await db
      .select({ id: devices.id, companyId: devices.companyId, locationId: devices.locationId })
      .from(devices)
      .where(eq(devices.macAddress, mac))
      .limit(1);
    return row;
  },

  /** Heard from now: last_seen_at only moves forward; the firmware version when reported. */
  async touch(deviceId: number, at: Date, firmwareVersion?: string): Promise<void> {
    await db
      .update(devices)
      .set({
        lastSeenAt: sql`greatest(${devices.lastSeenAt}, ${at.toISOString()}::timestamptz)`,
        ...(firmwareVersion ? { firmwareVersion } : {}),
      })
      .where(eq(devices.id, deviceId));
  },

  async reportedLive(device: StatusDevice, applications: number): Promise<void> {
    await recordLive(db, [
      {
        companyId: device.companyId,
        locationId: device.locationId,
        topic: LiveTopic.Device,
        payload: { device: device.id, applications },
      },
    ]);
  },

  /**
   * Records the applications a reader reports, in one transaction: a new one is taken as it is
   * (its desired state is what it reports); a known one gets its running state and version.
   * Answers every application of the device afterwards.
   */
  async saveReported(deviceId: number, reported: ReportedApp[]): Promise<DeviceAppRow[]> {
    return db.transaction(async (tx) => {
      for (const app of reported) {
        const version = app.version ?? '';
        const versionName = app.versionName ?? (app.version ? `${app.application} ${app.version}` : '');
        await tx
          .insert(deviceApplications)
          .values({
            deviceId,
            application: app.application,
            version,
            versionName,
            running: app.running,
            desiredRunning: app.running,
          })
          .onConflictDoUpdate({
            target: [deviceApplications.deviceId, deviceApplications.application],
            set: {
              running: app.running,
              ...(app.version ? { version } : {}),
              ...(app.versionName || app.version ? { versionName } : {}),
              updatedAt: new Date(),
            },
          });
      }
      return tx.select(appColumns).from(deviceApplications).where(eq(deviceApplications.deviceId, deviceId));
    });
  },
});

export const createNmsRepository = (db: Db): NmsRepository => ({
  ...readQueries(db),
  ...appWrites(db),
  ...statusQueries(db),
});
