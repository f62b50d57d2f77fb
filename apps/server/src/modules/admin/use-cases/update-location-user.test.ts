import { describe, expect, it } from 'vitest';
import { createUpdateLocationUser, type UpdateLocationUserRepository, USER_CHANGED } from './update-location-user.js';
import { expectStatus, raceableRecord, testUser, userRow, type VersionedCase, versionedEditRules } from './use-case-fixtures.js';

const setup = (password = ''): VersionedCase & { hashed: string[] } => {
  const { record, ...reads } = raceableRecord(userRow);
  const hashed: string[] = [];
  const repo: UpdateLocationUserRepository = {
    get: reads.read,
    locationsOf: async () => [{ userId: 9, id: 2, description: 'CD Madrid' }],
    visibleLocationIds: async (_user, ids) => ids,
    emailTaken: async () => false,
    update: async (_id, values, _locations, { expected }) => record.write(values, expected),
  };
  const update = createUpdateLocationUser({
    repo,
    hashPassword: async (text) => {
      hashed.push(text);
      return `hash:${text}`;
    },
  });
  const body = { first_name: 'Vera', last_name: 'Nueva', email: 'viewer@demo.local', editor: false, locations: [2], password };
  return {
    record,
    ...reads,
    hashed,
    run: (version) => update({ user: testUser(), id: 9, body, version }),
  };
};

describe('update location user (use case)', () => {
  for (const [name, rule] of Object.entries(versionedEditRules(setup, { stale: USER_CHANGED }))) it(name, rule);

  it('does not hash a new password for an edit refused as stale', async () => {
    const { run, hashed } = setup('nueva1234');
    await expect(run(2)).rejects.toThrow();
    expect(hashed).toEqual([]);
    await run(3);
    expect(hashed).toEqual(['nueva1234']);
  });

  it('refuses a common new password (or the e-mail) with a 400, hashing and writing nothing (issue 29)', async () => {
    for (const password of ['demo1234', 'Viewer@demo.local']) {
      const { run, hashed, record } = setup(password);
      await expectStatus(run(3), 400);
      expect(hashed).toEqual([]);
      expect(record.state.writes).toEqual([]);
    }
  });
});
