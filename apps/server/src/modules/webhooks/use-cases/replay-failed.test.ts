import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { replayFailed } from './replay-failed.js';
import { deliveryRow, endpointRow, fakeRepo, NOW } from './webhook-fixtures.js';

describe('replay failed (use case)', () => {
  it('every failed delivery since the time goes back to pending; older ones stay', async () => {
    const old = new Date(NOW.getTime() - 86_400_000);
    const { repo, state } = fakeRepo(
      [endpointRow()],
      [
        { ...deliveryRow({ id: 1 }), endpointId: 1 },
        { ...deliveryRow({ id: 2, createdAt: old }), endpointId: 1 },
      ],
    );
    const answer = await replayFailed({ repo, wake: () => {} }, testUser(), {
      id: 1,
      body: { since: new Date(NOW.getTime() - 3_600_000).toISOString() },
    });
    expect(answer).toEqual({ replayed: 1 });
    expect(state.deliveries.map((d) => d.state)).toEqual(['pending', 'failed']);
  });
  it("another company's endpoint is a 404", async () => {
    const { repo } = fakeRepo([endpointRow({ companyId: 9 })]);
    await expectStatus(replayFailed({ repo, wake: () => {} }, testUser(), { id: 1, body: { since: NOW.toISOString() } }), 404);
  });
});
