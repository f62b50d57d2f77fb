import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeNms } from './nms-fixtures.js';
import { removeApp } from './remove-app.js';
import { setAppRunning } from './set-app-running.js';
import { updateDevice } from './update-device.js';

const user = testUser();

describe('commands to a reader (use cases: remove an application, start or stop it, update the firmware)', () => {
  it('uninstalls on the reader, then forgets the application', async () => {
    const { repo, commands, sent, apps } = fakeNms();
    await removeApp({ repo, commands }, { user, id: 30 });
    expect(sent.map((s) => s.order)).toEqual([{ command: 'uninstall', application: 'edge-filter' }]);
    expect(apps.has(30)).toBe(false);
  });

  it('stops: sends stop, stores the wish, and answers running as last reported', async () => {
    const { repo, commands, sent } = fakeNms();
    const app = await setAppRunning({ repo, commands }, { user, id: 30, running: false });
    expect(sent.map((s) => s.order)).toEqual([{ command: 'stop', application: 'edge-filter' }]);
    expect(app).toMatchObject({ running: true, desired_running: false });
  });

  it('sends the firmware update and answers it sent', async () => {
    const { repo, commands, sent } = fakeNms();
    expect(await updateDevice({ repo, commands }, { user, id: 7, body: { version: '2.0.0' } })).toEqual({
      id: 7,
      command: 'update_device',
      status: 'sent',
    });
    expect(sent).toEqual([{ mac: '84:24:8D:00:00:07', order: { command: 'update_device', version: '2.0.0' }, kind: 'send' }]);
  });

  it('changes nothing when the broker is down (503) or the reader is not seen (404)', async () => {
    const { repo, commands, apps, called } = fakeNms({ connected: false });
    await expect(removeApp({ repo, commands }, { user, id: 30 })).rejects.toMatchObject({ status: 503 });
    await expect(setAppRunning({ repo, commands }, { user, id: 30, running: false })).rejects.toMatchObject({ status: 503 });
    await expect(updateDevice({ repo, commands }, { user, id: 8, body: { version: '2.0.0' } })).rejects.toMatchObject({
      status: 404,
    });
    expect(apps.has(30)).toBe(true);
    expect(called('setDesired')).toEqual([]);
  });
});
