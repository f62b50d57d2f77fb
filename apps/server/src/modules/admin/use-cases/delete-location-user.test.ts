import { describe, expect, it } from 'vitest';
import { createDeleteLocationUser, type DeleteLocationUserRepository } from './delete-location-user.js';
import { USER_CHANGED } from './update-location-user.js';
import { expectStatus, testUser, userRow, type VersionedCase, versionedCase, versionedEditRules } from './use-case-fixtures.js';

const setup = (callerId = 1): VersionedCase =>
  versionedCase(userRow, (record, get) => {
    const repo: DeleteLocationUserRepository = { get, remove: async (_id, expected) => record.write('deleted', expected) };
    const remove = createDeleteLocationUser({ repo });
    return (version) => remove({ user: testUser({ id: callerId }), id: 9, version });
  });

describe('delete location user (use case)', () => {
  for (const [name, rule] of Object.entries(versionedEditRules(setup, { stale: USER_CHANGED }))) it(name, rule);

  it('never deletes the caller’s own user (400), whatever the version', async () => {
    const { run, record } = setup(9);
    await expectStatus(run(3), 400);
    expect(record.state.writes).toEqual([]);
  });
});
