import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { createPurchaseOrder } from './create-purchase-order.js';
import { fakeInboundRepo } from './inbound-repo-fixtures.js';

const user = testUser();
const body = { order_code: 'PO-1', destination_id: 2, origin_id: 7 };

describe('create a purchase order (use case)', () => {
  it("refuses a provider that is not the company's (400 on origin_id), writing nothing", async () => {
    const { repo, called } = fakeInboundRepo();
    await expect(createPurchaseOrder(repo, { user, body: { ...body, origin_id: 8 } })).rejects.toMatchObject({
      status: 400,
      errors: { origin_id: expect.anything() },
    });
    expect(called('insertOrder')).toEqual([]);
  });

  it('refuses a destination the user does not see (404), writing nothing', async () => {
    const { repo, called } = fakeInboundRepo();
    await expect(createPurchaseOrder(repo, { user, body: { ...body, destination_id: 5 } })).rejects.toMatchObject({
      status: 404,
    });
    expect(called('insertOrder')).toEqual([]);
  });

  it('writes the order with the provider and an unchecked destination', async () => {
    const { repo, called } = fakeInboundRepo({
      requireOrder: async () => {
        throw new Error('read back');
      },
    });
    await expect(createPurchaseOrder(repo, { user, body })).rejects.toThrow('read back');
    expect(called('insertOrder')).toMatchObject([
      [{ companyId: 1, type: 'purchase', providerId: 7, destinationLocationId: 2, destinationStatus: 0, orderCode: 'PO-1' }],
    ]);
  });
});
