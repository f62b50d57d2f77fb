import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { updateEndpoint } from './update-endpoint.js';
import { endpointRow, fakeRepo, NOW } from './webhook-fixtures.js';

const policy = { allowLoopback: false, allowPrivate: false };

describe('update endpoint (use case)', () => {
  it('changes the fields sent, and only them', async () => {
    const { repo, state } = fakeRepo();
    const answer = await updateEndpoint({ repo, now: () => NOW, policy }, testUser(), { id: 1, body: { description: 'new' } });
    expect(answer).toMatchObject({ description: 'new', url: 'https://erp.example.com/hooks' });
    expect(state.endpoints[0]?.eventTypes).toEqual(['order.status_changed']);
  });
  it('switching it off disables it with the reason; switching it on clears it', async () => {
    const { repo, state } = fakeRepo();
    const off = await updateEndpoint({ repo, now: () => NOW, policy }, testUser(), { id: 1, body: { enabled: false } });
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'Disabled by a user.' });
    expect(state.disabled).toEqual(['Disabled by a user.']);
    const on = await updateEndpoint({ repo, now: () => NOW, policy }, testUser(), { id: 1, body: { enabled: true } });
    expect(on).toMatchObject({ enabled: true, disabled_reason: null });
  });
  it('refuses a private URL (400) and an endpoint of another company (404), changing nothing', async () => {
    const { repo, state } = fakeRepo([endpointRow(), endpointRow({ id: 2, companyId: 9 })]);
    await expectStatus(
      updateEndpoint({ repo, now: () => NOW, policy }, testUser(), { id: 1, body: { url: 'http://192.168.1.2/' } }),
      400,
    );
    await expectStatus(updateEndpoint({ repo, now: () => NOW, policy }, testUser(), { id: 2, body: { description: 'x' } }), 404);
    expect(state.endpoints.map((e) => [e.url, e.description])).toEqual([
      ['https://erp.example.com/hooks', ''],
      ['https://erp.example.com/hooks', ''],
    ]);
  });
});
