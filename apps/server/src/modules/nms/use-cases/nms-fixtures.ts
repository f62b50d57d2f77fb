import { recordingRepo, unexpectedCall } from '../../../test/recording-repo.js';
import type { DeviceAppRow, NmsDeviceRow, NmsRepository } from '../nms.repository.js';
import type { CommandWithoutId, ReaderCommands } from '../nms-commands.js';

/** Reader 7 (MAC 84:24:8D:00:00:07) of location 2, never heard from. */
export const deviceRow = (over: Partial<NmsDeviceRow> = {}): NmsDeviceRow => ({
  id: 7,
  mac: '84:24:8D:00:00:07',
  serialNumber: 'FX-7',
  lastSeenAt: null,
  firmwareVersion: '1.0.0',
  ...over,
});

/** Application 30 of reader 7: edge-filter 1.2.0, running and meant to run. */
export const appRow = (over: Partial<DeviceAppRow> = {}): DeviceAppRow => ({
  id: 30,
  deviceId: 7,
  application: 'edge-filter',
  version: '1.2.0',
  versionName: 'Edge filter 1.2.0',
  running: true,
  desiredRunning: true,
  config: { threshold: '3' },
  updatedAt: new Date('2026-11-30T10:00:00Z'),
  ...over,
});

/**
 * An in-memory NMS: reader 7 is the user's, with application 30 (`appRow()`); each application stored is kept in
 * `apps` and read back. `sent` lists the commands sent to readers (`connected: false`: the broker is down, a send is
 * 503). Every repository call is recorded; `over` replaces any method.
 */
export const fakeNms = ({ connected = true, over = {} }: { connected?: boolean; over?: Partial<NmsRepository> } = {}) => {
  const apps = new Map<number, DeviceAppRow>([[30, appRow()]]);
  const sent: { mac: string; order: CommandWithoutId; kind: 'send' | 'resend' }[] = [];
  const base: NmsRepository = {
    devices: async () => [deviceRow()],
    device: async (_user, id) => (id === 7 ? deviceRow() : undefined),
    apps: async (_user, deviceId) => [...apps.values()].filter((a) => deviceId === undefined || a.deviceId === deviceId),
    app: async (_user, id) => {
      const row = apps.get(id);
      return row ? { ...row, mac: '84:24:8D:00:00:07' } : undefined;
    },
    insertApp: async (values) => {
      apps.set(31, appRow({ id: 31, ...values, running: false, desiredRunning: true }));
      return 31;
    },
    updateApp: async (id, values) => {
      const row = apps.get(id);
      if (row) apps.set(id, { ...row, ...values });
    },
    setDesired: async (id, desiredRunning) => {
      const row = apps.get(id);
      if (row) apps.set(id, { ...row, desiredRunning });
    },
    deleteApp: async (id) => {
      apps.delete(id);
    },
    deviceByMac: async (mac) => (mac === '84:24:8D:00:00:07' ? { id: 7, companyId: 1, locationId: 2 } : undefined),
    touch: async () => {},
    reportedLive: async () => {},
    saveReported: unexpectedCall('NMS', 'saveReported'),
    ...over,
  };
  const { repo, called } = recordingRepo<NmsRepository>(base);
  const commands: ReaderCommands = {
    isConnected: () => connected,
    send: async (mac, order) => {
      if (!connected) throw Object.assign(new Error('nms.unavailable'), { status: 503 });
      sent.push({ mac, order, kind: 'send' });
    },
    resend: async (mac, order) => {
      sent.push({ mac, order, kind: 'resend' });
    },
  };
  return { repo, commands, apps, sent, called };
};
