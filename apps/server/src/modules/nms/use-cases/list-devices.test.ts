import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { listAvailableApps } from './list-available-apps.js';
import { listDeviceApps } from './list-device-apps.js';
import { listDevices } from './list-devices.js';
import { fakeNms } from './nms-fixtures.js';

const user = testUser();

describe('list the readers and their applications (use cases)', () => {
  it("answers the readers with the broker's state, reading one MAC in any notation as the stored one", async () => {
    const { repo, commands, called } = fakeNms({ connected: false });
    const rows = await listDevices({ repo, commands }, { user, query: { mac: '84-24-8d-00-00-07' } });
    expect(called('devices')).toEqual([[user, '84:24:8D:00:00:07']]);
    expect(rows).toEqual([
      {
        id: 7,
        mac: '84:24:8D:00:00:07',
        serial_number: 'FX-7',
        state: 'OFF',
        last_seen_at: null,
        version: '1.0.0',
        nms_connected: false,
      },
    ]);
  });

  it('answers no reader for a malformed MAC, without reading', async () => {
    const { repo, commands, called } = fakeNms();
    expect(await listDevices({ repo, commands }, { user, query: { mac: 'not-a-mac' } })).toEqual([]);
    expect(called('devices')).toEqual([]);
  });

  it("answers a reader's applications, and the catalogue", async () => {
    const { repo, called } = fakeNms();
    const apps = await listDeviceApps(repo, { user, query: { device: 7 } });
    expect(called('apps')).toEqual([[user, 7]]);
    expect(apps).toEqual([
      {
        id: 30,
        application: 'edge-filter',
        version_name: 'Edge filter 1.2.0',
        running: true,
        desired_running: true,
        config: { threshold: '3' },
        device: 7,
        version: '1.2.0',
        updated_at: '2026-11-30T10:00:00.000Z',
      },
    ]);
    expect(listAvailableApps().map((a) => a.application)).toEqual(['rfid-reader', 'edge-filter', 'gpio-lights']);
  });
});
