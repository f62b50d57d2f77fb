import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeEpcisRepo } from './epcis-store-fixtures.js';
import { eventRow } from './epcis-use-case-fixtures.js';
import { getEvent } from './get-event.js';

describe('get an EPCIS event (use case)', () => {
  it('answers the event the user sees, as captured', async () => {
    const user = testUser();
    const { repo, called } = fakeEpcisRepo({
      eventById: async (_user, id) => (id === 'urn:uuid:event-4' ? eventRow(4) : undefined),
    });
    expect(await getEvent(repo, { user, eventId: 'urn:uuid:event-4' })).toEqual({
      type: 'ObjectEvent',
      eventID: 'urn:uuid:event-4',
    });
    expect(called('eventById')).toEqual([[user, 'urn:uuid:event-4']]);
  });

  it('is 404 for an event the user does not see', async () => {
    const { repo } = fakeEpcisRepo();
    await expect(getEvent(repo, { user: testUser(), eventId: 'urn:uuid:other' })).rejects.toMatchObject({
      status: 404,
      text: { key: 'epcis.event_not_found' },
    });
  });
});
