import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { alarmRow } from './exit-alarm-fixtures.js';
import { getExitAlarm } from './get-exit-alarm.js';

describe('get exit alarm (use case)', () => {
  it('answers an alarm the user sees, with its resolver', async () => {
    const row = alarmRow({
      status: 'lost',
      resolverId: 3,
      resolverFirstName: 'Elena',
      resolverLastName: 'Editora',
      resolverEmail: 'editor@demo.local',
      resolvedAt: new Date('2026-05-01T11:00:00Z'),
    });
    const answer = await getExitAlarm({ get: async () => row }, testUser(), 11);
    expect(answer).toMatchObject({
      id: 11,
      status: 'lost',
      resolved_by: { id: 3, first_name: 'Elena', last_name: 'Editora', email: 'editor@demo.local' },
      resolved_at: '2026-05-01T11:00:00.000Z',
    });
  });

  it('is a 404 when the user does not see it', async () => {
    await expectStatus(getExitAlarm({ get: async () => undefined }, testUser(), 11), 404);
  });
});
