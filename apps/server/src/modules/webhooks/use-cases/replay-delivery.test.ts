import { WebhookDeliveryState } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { replayDelivery } from './replay-delivery.js';
import { deliveryRow, endpointRow, fakeRepo } from './webhook-fixtures.js';

describe('replay delivery (use case)', () => {
  it('a failed delivery goes back to pending, attempts from zero, and the sender is woken', async () => {
    const { repo, state } = fakeRepo([endpointRow()], [{ ...deliveryRow({ id: 4 }), endpointId: 1 }]);
    let woken = 0;
    expect(await replayDelivery({ repo, wake: () => (woken += 1) }, testUser(), { id: 1, deliveryId: 4 })).toEqual({
      replayed: 1,
    });
    expect(state.deliveries[0]).toMatchObject({ state: 'pending', attempts: 0 });
    expect(woken).toBe(1);
  });
  it('a succeeded or pending one, or one of another endpoint, is a 404', async () => {
    const { repo } = fakeRepo(
      [endpointRow(), endpointRow({ id: 2 })],
      [
        { ...deliveryRow({ id: 4, state: WebhookDeliveryState.Succeeded }), endpointId: 1 },
        { ...deliveryRow({ id: 5 }), endpointId: 2 },
      ],
    );
    await expectStatus(replayDelivery({ repo, wake: () => {} }, testUser(), { id: 1, deliveryId: 4 }), 404);
    await expectStatus(replayDelivery({ repo, wake: () => {} }, testUser(), { id: 1, deliveryId: 5 }), 404);
  });
});
