import { describe, expect, it } from 'vitest';
import { createUpdateReader, READER_CHANGED, type UpdateReaderRepository } from './update-reader.js';
import { readerRow, testUser, type VersionedCase, versionedCase, versionedEditRules } from './use-case-fixtures.js';

const setup = (): VersionedCase =>
  versionedCase(readerRow, (record, get) => {
    const repo: UpdateReaderRepository = {
      get,
      macTaken: async () => false,
      area: async () => ({ id: 3, description: 'Muelle', locationId: 2, companyId: 1, locationDescription: 'CD Madrid' }),
      update: async (_id, values, expected) => record.write(values, expected),
    };
    const update = createUpdateReader({ repo, guard: (work) => work() });
    return (version) => update({ user: testUser(), id: 7, body: { description: 'Puerta 2' }, version });
  });

describe('update reader (use case)', () => {
  for (const [name, rule] of Object.entries(versionedEditRules(setup, { stale: READER_CHANGED }))) it(name, rule);

  it('answers the reader as read after its write, with the new version', async () => {
    const { run, record } = setup();
    const reader = (await run(3)) as { version: number };
    expect(reader.version).toBe(4);
    expect(record.state.writes).toEqual([{ description: 'Puerta 2' }]);
  });
});
