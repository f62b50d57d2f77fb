import { describe, expect, it } from 'vitest';
import { appRow, fakeNms } from './nms-fixtures.js';
import { recordReaderStatus } from './record-reader-status.js';

const now = new Date('2026-11-30T10:00:00Z');
const status = (body: unknown) => Buffer.from(JSON.stringify(body));
const topic = 'readers/84248D000007/status';

describe("record a reader's status (use case)", () => {
  it('marks the reader heard, stores its applications and sends again what differs from the wish', async () => {
    const stored = [
      appRow({ application: 'edge-filter', running: false, desiredRunning: true }),
      appRow({ id: 31, application: 'gpio-lights', running: true, desiredRunning: true }),
      appRow({ id: 32, application: 'rfid-reader', running: true, desiredRunning: false }),
    ];
    const { repo, commands, sent, called } = fakeNms({ over: { saveReported: async () => stored } });
    const payload = status({
      firmware_version: '1.1.0',
      applications: [
        { application: 'edge-filter', running: false, version: '1.2.0' },
        { application: 'gpio-lights', running: true },
      ],
    });
    await recordReaderStatus({ repo, commands }, { topic, payload, now });
    expect(called('touch')).toEqual([[7, now, '1.1.0']]);
    expect(called('reportedLive')).toEqual([[{ id: 7, companyId: 1, locationId: 2 }, 2]]);
    expect(called('saveReported')).toEqual([
      [
        7,
        [
          { application: 'edge-filter', running: false, version: '1.2.0', versionName: undefined },
          { application: 'gpio-lights', running: true, version: undefined, versionName: undefined },
        ],
      ],
    ]);
    // rfid-reader differs too, but the reader did not report it: it is not sent.
    expect(sent).toMatchObject([
      { mac: '84:24:8D:00:00:07', order: { command: 'start', application: 'edge-filter' }, kind: 'resend' },
    ]);
  });

  it('only marks heard on a bare status or one not JSON, and sends nothing while the broker is down', async () => {
    const { repo, commands, sent, called } = fakeNms({
      connected: false,
      over: { saveReported: async () => [appRow({ running: false })] },
    });
    await recordReaderStatus({ repo, commands }, { topic, payload: Buffer.from('not json'), now });
    await recordReaderStatus({ repo, commands }, { topic, payload: Buffer.alloc(0), now });
    expect(called('touch')).toEqual([
      [7, now, undefined],
      [7, now, undefined],
    ]);
    expect(called('saveReported')).toEqual([]);
    await recordReaderStatus(
      { repo, commands },
      { topic, payload: status({ applications: [{ application: 'edge-filter', running: false }] }), now },
    );
    expect(sent).toEqual([]);
  });

  it('ignores a malformed MAC and a reader it does not know', async () => {
    const { repo, commands, called } = fakeNms();
    await recordReaderStatus({ repo, commands }, { topic: 'readers/xyz/status', payload: status({}), now });
    await recordReaderStatus({ repo, commands }, { topic: 'readers/84248D000099/status', payload: status({}), now });
    expect(called('deviceByMac')).toEqual([['84:24:8D:00:00:99']]);
    expect(called('touch')).toEqual([]);
  });
});
