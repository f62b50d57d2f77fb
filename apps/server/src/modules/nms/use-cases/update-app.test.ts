import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeNms } from './nms-fixtures.js';
import { updateApp } from './update-app.js';

const user = testUser();

describe("change an application's configuration (use case)", () => {
  it('sends the configuration in the version it runs and stores only the configuration', async () => {
    const { repo, commands, sent, called } = fakeNms();
    const app = await updateApp({ repo, commands }, { user, id: 30, body: { config: { threshold: '5' } } });
    expect(sent.map((s) => s.order)).toEqual([
      { command: 'configure', application: 'edge-filter', version: '1.2.0', config: { threshold: '5' } },
    ]);
    expect(called('updateApp')).toEqual([[30, { config: { threshold: '5' } }]]);
    expect(app).toMatchObject({ id: 30, config: { threshold: '5' }, version: '1.2.0' });
  });

  it('stores a new version with its name', async () => {
    const { repo, commands, called } = fakeNms();
    await updateApp({ repo, commands }, { user, id: 30, body: { config: {}, version: '1.3.0', device: 7 } });
    expect(called('updateApp')).toEqual([[30, { config: {}, version: '1.3.0', versionName: 'edge-filter 1.3.0' }]]);
  });

  it('refuses another reader (400 on device), an application not seen (404) and stores nothing unsent (503)', async () => {
    const { repo, commands, called } = fakeNms();
    await expect(updateApp({ repo, commands }, { user, id: 30, body: { config: {}, device: 8 } })).rejects.toMatchObject({
      errors: { device: ['nms.other_device'] },
    });
    await expect(updateApp({ repo, commands }, { user, id: 99, body: { config: {} } })).rejects.toMatchObject({ status: 404 });
    const down = fakeNms({ connected: false });
    await expect(
      updateApp({ repo: down.repo, commands: down.commands }, { user, id: 30, body: { config: {} } }),
    ).rejects.toMatchObject({ status: 503 });
    expect([...called('updateApp'), ...down.called('updateApp')]).toEqual([]);
  });
});
