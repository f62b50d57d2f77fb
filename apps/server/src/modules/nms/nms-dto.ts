import type { DeviceApplication, NmsDevice } from '@rfid/contract';
import { readerState } from '../admin/readers.service.js';
import type { DeviceAppRow, NmsDeviceRow } from './nms.repository.js';

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

/** A reader as the NMS answers it: `nms_connected` is whether the broker is connected now. */
export const toDeviceDto = (row: NmsDeviceRow, isConnected: boolean): NmsDevice => ({
  id: row.id,
  mac: row.mac,
  serial_number: row.serialNumber,
  state: readerState(row.lastSeenAt),
  last_seen_at: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  version: row.firmwareVersion,
  nms_connected: isConnected,
});
