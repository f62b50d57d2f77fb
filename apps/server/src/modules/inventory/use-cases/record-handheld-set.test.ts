import { WorkingMode } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../plugins/auth.js';
import { deviceAtStore10, fakeIngestion, handheldBody, locationOfUser } from '../../ingest/ingest-fixtures.js';
import { type HandheldSetRepository, recordHandheldSet } from './record-handheld-set.js';

// The fields the use case reads of a user; the rest of AuthUser is the auth plugin's.
const clerk = { id: 7, companyId: 1, locationIds: [10] } as unknown as AuthUser;
const handheld = deviceAtStore10(3, WorkingMode.Handheld, 'HH-1', '00:00:00:00:00:01');

/** A store (location 10, areas 100 with a handheld and 101 without) whose ingestion keeps sets by id. */
const fakeStore = () => {
  const { stored, ...ingestion } = fakeIngestion();
  const repo: HandheldSetRepository = {
    location: locationOfUser,
    hasArea: async (locationId, areaId) => locationId === 10 && (areaId === 100 || areaId === 101),
    handheldOfArea: async (_locationId, areaId) => (areaId === 100 ? handheld : undefined),
    ...ingestion,
  };
  return { repo, stored };
};

const body = (id: string, area: number, epcs: string[]) => handheldBody(id, { area }, epcs);
const ID = '6f1c1f5e-8d2b-4c57-9a43-0d3f0b0f7a11';

describe('recordHandheldSet', () => {
  it("stores the app's set as the area's handheld's, once: a resend of its id is not stored again", async () => {
    const { repo, stored } = fakeStore();
    const first = await recordHandheldSet(repo, clerk, { locationId: 10, body: body(ID.toUpperCase(), 100, ['AA01', 'AA02']) });
    expect(first.isCreated).toBe(true);
    expect(first.set).toMatchObject({ id: ID, device: 3, epc_count: 2, created: true });
    const again = await recordHandheldSet(repo, clerk, { locationId: 10, body: body(ID, 100, ['AA01', 'AA02']) });
    expect(again.isCreated).toBe(false);
    expect([...stored.keys()]).toEqual([ID]);
    expect(stored.get(ID)?.input.reads.map((r) => r.epc)).toEqual(['AA01', 'AA02']);
    expect(stored.get(ID)?.input.endTime.toISOString()).toBe('2026-11-30T10:00:05.000Z');
  });

  it("refuses another location (404), another location's area (400 on area), an area without a handheld (409)", async () => {
    const { repo, stored } = fakeStore();
    await expect(recordHandheldSet(repo, clerk, { locationId: 11, body: body(ID, 100, ['AA01']) })).rejects.toMatchObject({
      status: 404,
    });
    await expect(recordHandheldSet(repo, clerk, { locationId: 10, body: body(ID, 200, ['AA01']) })).rejects.toMatchObject({
      errors: { area: ['inventory.handheld_area_not_here'] },
    });
    await expect(recordHandheldSet(repo, clerk, { locationId: 10, body: body(ID, 101, ['AA01']) })).rejects.toMatchObject({
      status: 409,
    });
    expect(stored.size).toBe(0);
  });
});
