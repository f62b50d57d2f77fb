import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { exportMovement } from './export-movement.js';
import { fakeMovementsRepo, movementRow } from './movement-fixtures.js';

const user = testUser();

describe('export a movement file (use case)', () => {
  it('report_mode 1: the EPCs verified per box and side', async () => {
    const { repo, called } = fakeMovementsRepo();
    const answer = await exportMovement(repo, { user, id: 5, query: { report_mode: '1' } });
    // The origin's zone: location 2, Madrid.
    expect(answer).toMatchObject({ mode: 'epc', rows: [], order: { id: 5 }, timeZone: 'Europe/Madrid' });
    expect(called('epcRows')).toEqual([[5]]);
    expect(called('csvChunks')).toEqual([]);
  });

  it('report_mode 0 and by default: the boxes and GTINs in chunks', async () => {
    for (const query of [{ report_mode: '0' as const }, {}]) {
      const { repo, called } = fakeMovementsRepo();
      expect(await exportMovement(repo, { user, id: 5, query })).toMatchObject({ mode: 'gtin', order: { id: 5 } });
      expect(called('csvChunks')).toEqual([[5]]);
      expect(called('epcRows')).toEqual([]);
    }
  });

  it("writes the file in the destination's zone when the movement has no origin", async () => {
    const { repo, called } = fakeMovementsRepo({ movement: movementRow({ originLocationId: null }) });
    expect(await exportMovement(repo, { user, id: 5, query: {} })).toMatchObject({ timeZone: 'Atlantic/Canary' });
    expect(called('fileTimeZone')).toEqual([[user, 3]]);
  });

  it('answers 404 for a movement the user does not see, reading no row', async () => {
    const { repo, called } = fakeMovementsRepo();
    await expect(exportMovement(repo, { user, id: 6, query: { report_mode: '1' } })).rejects.toMatchObject({ status: 404 });
    expect(called('epcRows')).toEqual([]);
  });
});
