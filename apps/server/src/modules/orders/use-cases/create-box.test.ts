import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { BARCODE_EXISTS, createBox } from './create-box.js';
import { fakeInboundRepo } from './inbound-repo-fixtures.js';

const user = testUser();

describe('create a box (use case)', () => {
  it('locks the order first, writes the box and its contents, and recomputes the order in one transaction', async () => {
    const { repo, calls, committed } = fakeInboundRepo();
    const body = { reception_id: 20, codebar: 'B-9', contents: [{ gtin: '8437000000013', quantity: 2 }] };
    const box = await createBox(repo, { user, body });
    expect(box).toMatchObject({ id: 101 });
    expect(calls.filter((c) => c.method.startsWith('tx.')).map((c) => c.method)).toEqual([
      'tx.lockOrder',
      'tx.codebarExists',
      'tx.itemTypesByGtin',
      'tx.insertBox',
      'tx.insertContents',
      'tx.recomputeSides',
    ]);
    expect(committed.contents).toEqual([{ boxId: 101, itemTypeId: 13, quantity: 2 }]);
  });

  it('answers 409 when the barcode exists, keeping nothing', async () => {
    const { repo, committed } = fakeInboundRepo();
    await expect(createBox(repo, { user, body: { reception_id: 20, codebar: 'TAKEN' } })).rejects.toMatchObject({
      status: 409,
      text: { key: BARCODE_EXISTS },
    });
    expect(committed.boxes).toEqual([]);
  });

  it('refuses an unknown GTIN on its row (400 contents.0.gtin), keeping nothing', async () => {
    const { repo, committed } = fakeInboundRepo();
    const body = { reception_id: 20, codebar: 'B-9', contents: [{ gtin: '8437000000020', quantity: 1 }] };
    await expect(createBox(repo, { user, body })).rejects.toMatchObject({
      status: 400,
      errors: { 'contents.0.gtin': expect.anything() },
    });
    expect(committed.boxes).toEqual([]);
  });

  it('refuses a reception the user does not see (400 on reception_id) before any write', async () => {
    const { repo, calls } = fakeInboundRepo();
    await expect(createBox(repo, { user, body: { reception_id: 21, codebar: 'B-9' } })).rejects.toMatchObject({
      status: 400,
    });
    expect(calls.map((c) => c.method)).toEqual(['reception']);
  });
});
