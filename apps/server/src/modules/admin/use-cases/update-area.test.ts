import { describe, expect, it } from 'vitest';
import type { AreaRow } from '../areas.repository.js';
import { AREA_CHANGED, createUpdateArea, type UpdateAreaRepository } from './update-area.js';
import {
  expectStatus,
  raceableRecord,
  testUser,
  type VersionedCase,
  versionedCase,
  versionedEditRules,
} from './use-case-fixtures.js';

const areaRow = (version: number): AreaRow => ({
  id: 3,
  description: 'Muelle',
  stock: 0,
  gln_extension: null,
  kind: 'dock',
  location_id: 2,
  location_description: 'CD Madrid',
  version,
});

const setup = (isExtensionTaken = false): VersionedCase =>
  versionedCase(areaRow, (record, get) => {
    const repo: UpdateAreaRepository = {
      get,
      location: async () => ({ id: 2 }),
      glnExtensionTaken: async () => isExtensionTaken,
      update: async (_id, values, expected) => record.write(values, expected),
    };
    const update = createUpdateArea({ repo });
    return (version) =>
      update({ user: testUser(), id: 3, body: { description: 'Muelle 2', location_id: 2, gln_extension: 'M2' }, version });
  });

describe('update area (use case)', () => {
  for (const [name, rule] of Object.entries(versionedEditRules(setup, { stale: AREA_CHANGED }))) it(name, rule);

  it('refuses a GLN extension of another area (409) before writing', async () => {
    const { run, record } = setup(true);
    await expectStatus(run(3), 409);
    expect(record.state.writes).toEqual([]);
  });

  it('writes the kind when sent and leaves it out of the write when not', async () => {
    const { record, ...reads } = raceableRecord(areaRow);
    const update = createUpdateArea({
      repo: {
        get: reads.read,
        location: async () => ({ id: 2 }),
        glnExtensionTaken: async () => false,
        update: async (_id, values, expected) => record.write(values, expected),
      },
    });
    await update({ user: testUser(), id: 3, body: { description: 'Muelle', location_id: 2, kind: 'stockroom' }, version: 3 });
    await update({ user: testUser(), id: 3, body: { description: 'Muelle', location_id: 2 }, version: 4 });
    expect(record.state.writes).toEqual([
      { description: 'Muelle', locationId: 2, kind: 'stockroom' },
      { description: 'Muelle', locationId: 2 },
    ]);
  });
});
