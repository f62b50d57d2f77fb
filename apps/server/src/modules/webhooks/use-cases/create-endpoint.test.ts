import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { createEndpoint } from './create-endpoint.js';
import { fakeRepo, NOW } from './webhook-fixtures.js';

const policy = { allowLoopback: false, allowPrivate: false };
const body = {
  url: 'https://erp.example.com/in',
  description: 'ERP',
  event_types: ['exit_alarm.changed' as const],
  location_ids: [2],
  enabled: true,
};

describe('create endpoint (use case)', () => {
  it('stores it with a new secret, answered once, by the user of the company', async () => {
    const { repo, state } = fakeRepo([]);
    const answer = await createEndpoint(
      { repo, now: () => NOW, policy, newSecret: () => 'whsec_new' },
      testUser({ id: 7 }),
      body,
    );
    expect(answer).toMatchObject({ url: body.url, event_types: ['exit_alarm.changed'], location_ids: [2], secret: 'whsec_new' });
    expect(state.endpoints[0]).toMatchObject({ companyId: 1, secret: 'whsec_new', createdBy: 7 });
  });
  it('refuses a loopback, private or metadata address (400 on url) unless the policy allows it', async () => {
    for (const url of ['http://127.0.0.1/x', 'http://10.0.0.5/x', 'http://[::1]/x', 'http://169.254.169.254/latest']) {
      const { repo, state } = fakeRepo([]);
      await expectStatus(
        createEndpoint({ repo, now: () => NOW, policy, newSecret: () => 's' }, testUser(), { ...body, url }),
        400,
      );
      expect(state.endpoints).toEqual([]);
    }
    const { repo } = fakeRepo([]);
    const allowed = { allowLoopback: true, allowPrivate: true };
    const made = await createEndpoint({ repo, now: () => NOW, policy: allowed, newSecret: () => 's' }, testUser(), {
      ...body,
      url: 'http://127.0.0.1:8080/x',
    });
    expect(made.url).toBe('http://127.0.0.1:8080/x');
  });
  it("refuses locations that are not the company's (400 on location_ids)", async () => {
    const { repo, state } = fakeRepo([]);
    await expectStatus(
      createEndpoint({ repo, now: () => NOW, policy, newSecret: () => 's' }, testUser(), { ...body, location_ids: [2, 99] }),
      400,
    );
    expect(state.endpoints).toEqual([]);
  });
});
