import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { installApp } from './install-app.js';
import { fakeNms } from './nms-fixtures.js';

const user = testUser();

describe('install an application on a reader (use case)', () => {
  it("sends the catalogue's version with the configuration, then stores it under the catalogue's name", async () => {
    const { repo, commands, sent, called } = fakeNms();
    const app = await installApp(
      { repo, commands },
      { user, body: { device: 7, application: 'gpio-lights', config: { pin: '4' } } },
    );
    expect(sent).toEqual([
      {
        mac: '84:24:8D:00:00:07',
        order: { command: 'install', application: 'gpio-lights', version: '1.0.4', config: { pin: '4' } },
        kind: 'send',
      },
    ]);
    expect(called('insertApp')).toEqual([
      [{ deviceId: 7, application: 'gpio-lights', version: '1.0.4', versionName: 'GPIO lights 1.0.4', config: { pin: '4' } }],
    ]);
    expect(app).toMatchObject({ id: 31, application: 'gpio-lights', version: '1.0.4' });
  });

  it('names another version after the application', async () => {
    const { repo, commands, called } = fakeNms();
    await installApp({ repo, commands }, { user, body: { device: 7, application: 'gpio-lights', version: '1.1.0', config: {} } });
    expect(called('insertApp')).toMatchObject([[{ version: '1.1.0', versionName: 'gpio-lights 1.1.0' }]]);
  });

  it('refuses an application not in the catalogue (400), one installed already (409), a reader not seen (404)', async () => {
    const { repo, commands, sent, called } = fakeNms();
    await expect(
      installApp({ repo, commands }, { user, body: { device: 7, application: 'doom', config: {} } }),
    ).rejects.toMatchObject({ errors: { application: ['nms.unknown_application'] } });
    await expect(
      installApp({ repo, commands }, { user, body: { device: 7, application: 'edge-filter', config: {} } }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      installApp({ repo, commands }, { user, body: { device: 8, application: 'gpio-lights', config: {} } }),
    ).rejects.toMatchObject({ status: 404 });
    expect(sent).toEqual([]);
    expect(called('insertApp')).toEqual([]);
  });

  it('stores nothing when the command is not sent (503)', async () => {
    const { repo, commands, called } = fakeNms({ connected: false });
    await expect(
      installApp({ repo, commands }, { user, body: { device: 7, application: 'gpio-lights', config: {} } }),
    ).rejects.toMatchObject({ status: 503 });
    expect(called('insertApp')).toEqual([]);
  });
});
