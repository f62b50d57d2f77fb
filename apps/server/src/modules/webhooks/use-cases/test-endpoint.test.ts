import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { WebhookPost } from '../webhooks.transport.js';
import { testEndpoint } from './test-endpoint.js';
import { endpointRow, fakeRepo } from './webhook-fixtures.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('test endpoint (use case)', () => {
  it('POSTs a webhook.test signed with the secret (verified by standardwebhooks) and answers what came back', async () => {
    const { repo } = fakeRepo([endpointRow({ secret: SECRET })]);
    const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
    const post: WebhookPost = async (url, headers, body) => {
      sent.push({ url, headers, body });
      return { status: 200, excerpt: 'ok', error: null, durationMs: 8 };
    };
    const answer = await testEndpoint({ repo, now: () => new Date(), post, newId: () => 'msg_test_1' }, testUser(), 1);
    expect(answer).toEqual({ ok: true, status: 200, duration_ms: 8, error: null });
    expect(sent[0]?.url).toBe('https://erp.example.com/hooks');
    expect(new Webhook(SECRET).verify(sent[0]?.body ?? '', sent[0]?.headers ?? {})).toMatchObject({
      type: 'webhook.test',
      data: { endpoint: 1 },
    });
  });
  it('a refusing endpoint: not ok, with its status and the excerpt', async () => {
    const { repo } = fakeRepo();
    const post: WebhookPost = async () => ({ status: 410, excerpt: 'gone', error: null, durationMs: 3 });
    expect(await testEndpoint({ repo, now: () => new Date(), post, newId: () => 'm' }, testUser(), 1)).toEqual({
      ok: false,
      status: 410,
      duration_ms: 3,
      error: 'HTTP 410: gone',
    });
  });
  it("another company's is a 404 and nothing is sent", async () => {
    const { repo } = fakeRepo([endpointRow({ companyId: 9 })]);
    let calls = 0;
    const post: WebhookPost = async () => {
      calls += 1;
      return { status: 200, excerpt: '', error: null, durationMs: 1 };
    };
    await expectStatus(testEndpoint({ repo, now: () => new Date(), post, newId: () => 'm' }, testUser(), 1), 404);
    expect(calls).toBe(0);
  });
});
