import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { captureDocument } from './capture-document.js';
import { asnEvent, epcisDocument, fakeEpcisRepo } from './epcis-store-fixtures.js';

const user = testUser({ id: 4 });
const now = new Date('2026-11-30T10:00:00Z');

describe('capture an EPCIS document (use case)', () => {
  it("creates the ASN's box in its order (opening a reception), stores the event and answers the job", async () => {
    const { repo, state, called } = fakeEpcisRepo();
    const id = await captureDocument(repo, { user, document: epcisDocument([asnEvent('PO-1')]), now });
    expect(id).toBe(9);
    expect(called('insertCapture')).toEqual([[{ companyId: 1, userId: 4 }]]);
    expect(called('createReception')).toEqual([[user, { reception_code: 'PO-1', order_id: 50 }]]);
    expect(called('createBox')).toEqual([
      [
        user,
        {
          codebar: '384370000000000014',
          reception_id: 70,
          contents: [
            { gtin: '08437000000013', quantity: 2 },
            { gtin: '08437000000020', quantity: 1 },
          ],
        },
      ],
    ]);
    expect(state.stored).toHaveLength(1);
    expect(state.finished).toMatchObject([{ id: 9, state: 'succeeded', eventCount: 1 }]);
  });

  it("puts the box in the order's reception when it has one, and takes a box already there as done", async () => {
    const { repo, state, called } = fakeEpcisRepo();
    state.boxes.add('384370000000000014');
    await captureDocument(repo, { user, document: epcisDocument([asnEvent('PO-2')]), now });
    expect(called('createReception')).toEqual([]);
    expect(called('createBox')).toMatchObject([[user, { reception_id: 71 }]]);
    expect(state.finished).toMatchObject([{ state: 'succeeded', eventCount: 1 }]);
  });

  it('fails the job when an ASN names no order of the company, storing nothing', async () => {
    const { repo, state } = fakeEpcisRepo();
    await captureDocument(repo, { user, document: epcisDocument([asnEvent('NOPE-1', { eventID: 'urn:x:asn' })]), now });
    expect(state.stored).toEqual([]);
    expect(state.finished).toMatchObject([
      {
        state: 'failed',
        eventCount: 0,
        errors: [
          { kind: 'rejected', index: 0, eventID: 'urn:x:asn', rule: 'desadv', reason: { key: 'epcis.desadv_order_not_found' } },
        ],
      },
    ]);
  });

  it('refuses a document the JSON Schema refuses (400), opening no job', async () => {
    const { repo, called } = fakeEpcisRepo();
    await expect(captureDocument(repo, { user, document: { type: 'EPCISDocument' }, now })).rejects.toMatchObject({
      status: 400,
      text: { key: 'epcis.invalid_document' },
    });
    expect(called('insertCapture')).toEqual([]);
  });
});
