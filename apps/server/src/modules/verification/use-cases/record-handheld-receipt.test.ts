import { WorkingMode } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../plugins/auth.js';
import { deviceAtStore10, fakeIngestion, handheldBody, locationOfUser } from '../../ingest/ingest-fixtures.js';
import type { FoundBox } from '../verification.rules.js';
import { type HandheldReceiptRepository, recordHandheldReceipt } from './record-handheld-receipt.js';

// The fields the use case reads of a user; the rest of AuthUser is the auth plugin's.
const clerk = { id: 7, companyId: 1, locationIds: [10, 11] } as unknown as AuthUser;
const portal = deviceAtStore10(4, WorkingMode.Movement, 'POR-1', '00:00:00:00:00:04');

/** Boxes by barcode: BOX-1 and BOX-2 wait at store 10; AWAY waits at store 12; SHUT is of a closed order. */
const box = (boxId: number, destinationLocationId: number, closed = false): FoundBox => ({
  boxId,
  orderId: boxId,
  type: 'purchase',
  originLocationId: null,
  destinationLocationId,
  originStatus: 0,
  destinationStatus: 0,
  closed,
});
const boxes: Record<string, FoundBox> = { 'BOX-1': box(1, 10), 'BOX-2': box(2, 10), AWAY: box(3, 12), SHUT: box(4, 10, true) };

/** Two stores (10 with a receiving reader, 11 without) whose ingestion keeps sets by id. */
const fakeStores = () => {
  const { stored, ...ingestion } = fakeIngestion();
  const repo: HandheldReceiptRepository = {
    location: locationOfUser,
    receivingReader: async (locationId) => (locationId === 10 ? portal : undefined),
    boxOf: async (_companyId, codebar) => boxes[codebar],
    isStored: async (setId) => stored.has(setId),
    ...ingestion,
  };
  return { repo, stored };
};

const body = (id: string, codebar: string, epcs: string[]) => handheldBody(id, { codebar }, epcs);
const ID = '0b8e3c1a-52f4-4d7e-8f0a-7c9d2e1b3a44';

describe('recordHandheldReceipt', () => {
  it("stores the receipt as the store's receiving reader's set with the box's barcode, once", async () => {
    const { repo, stored } = fakeStores();
    const first = await recordHandheldReceipt(repo, clerk, {
      locationId: 10,
      body: body(ID.toUpperCase(), 'BOX-1', ['AA01', 'AA02']),
    });
    expect(first.isCreated).toBe(true);
    expect(first.set).toMatchObject({ id: ID, device: 4, codebar: 'BOX-1', epc_count: 2, created: true });
    const again = await recordHandheldReceipt(repo, clerk, { locationId: 10, body: body(ID, 'BOX-1', ['AA01', 'AA02']) });
    expect(again.isCreated).toBe(false);
    expect([...stored.keys()]).toEqual([ID]);
    expect(stored.get(ID)?.input).toMatchObject({ codebar: 'BOX-1' });
    expect(stored.get(ID)?.input.reads.map((r) => r.epc)).toEqual(['AA01', 'AA02']);
    expect(stored.get(ID)?.input.endTime.toISOString()).toBe('2026-11-30T10:00:05.000Z');
  });

  it('stores a box only scanned (no EPCs) as a set with no reads', async () => {
    const { repo, stored } = fakeStores();
    await recordHandheldReceipt(repo, clerk, { locationId: 10, body: body(ID, 'BOX-2', []) });
    expect(stored.get(ID)?.input).toMatchObject({ codebar: 'BOX-2', reads: [] });
  });

  it('refuses a barcode that names no box waiting at the store (409), but answers the resend of a stored receipt', async () => {
    const { repo, stored } = fakeStores();
    for (const codebar of ['NONE', 'AWAY', 'SHUT']) {
      await expect(recordHandheldReceipt(repo, clerk, { locationId: 10, body: body(ID, codebar, []) })).rejects.toMatchObject({
        code: 'CONFLICT',
        text: { key: 'verification.handheld_box_not_waiting' },
      });
    }
    expect(stored.size).toBe(0);
    await recordHandheldReceipt(repo, clerk, { locationId: 10, body: body(ID, 'BOX-1', ['AA01']) });
    // The box's order closed meanwhile: the resend is still the stored receipt's answer.
    boxes['BOX-1'] = box(1, 10, true);
    const again = await recordHandheldReceipt(repo, clerk, { locationId: 10, body: body(ID, 'BOX-1', ['AA01']) });
    expect(again.isCreated).toBe(false);
    boxes['BOX-1'] = box(1, 10);
  });

  it('refuses a location the user does not see (404) and a store without a receiving reader (409)', async () => {
    const { repo, stored } = fakeStores();
    await expect(recordHandheldReceipt(repo, clerk, { locationId: 12, body: body(ID, 'BOX-1', []) })).rejects.toMatchObject({
      status: 404,
    });
    await expect(recordHandheldReceipt(repo, clerk, { locationId: 11, body: body(ID, 'BOX-1', []) })).rejects.toMatchObject({
      status: 409,
    });
    expect(stored.size).toBe(0);
  });
});
