import { WebhookDeliveryState } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { listDeliveries } from './list-deliveries.js';
import { deliveryRow, endpointRow, fakeRepo, NOW } from './webhook-fixtures.js';

describe('list deliveries (use case)', () => {
  it('pages the log of the endpoint, by state, with the message id as webhook-id', async () => {
    const { repo } = fakeRepo(
      [endpointRow()],
      [
        { ...deliveryRow({ id: 1, messageId: 7 }), endpointId: 1 },
        { ...deliveryRow({ id: 2, messageId: 8, state: WebhookDeliveryState.Succeeded, deliveredAt: NOW }), endpointId: 1 },
        { ...deliveryRow({ id: 3 }), endpointId: 2 },
      ],
    );
    const all = await listDeliveries({ repo }, testUser(), { id: 1, query: {}, page: { limit: 11, offset: 0 } });
    expect(all).toMatchObject({ count: 2 });
    const failed = await listDeliveries({ repo }, testUser(), {
      id: 1,
      query: { state: 'failed' },
      page: { limit: 11, offset: 0 },
    });
    expect(failed).toEqual({
      count: 1,
      results: [expect.objectContaining({ id: 1, message_id: 'msg_7', state: 'failed', next_attempt_at: null })],
    });
  });
  it("another company's endpoint is a 404", async () => {
    const { repo } = fakeRepo([endpointRow({ companyId: 9 })]);
    await expectStatus(listDeliveries({ repo }, testUser(), { id: 1, query: {}, page: { limit: 11, offset: 0 } }), 404);
  });
});
