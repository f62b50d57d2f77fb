import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { NewSubscription } from '../epcis-queries.repository.js';
import { createSubscription } from './create-subscription.js';
import { deleteSubscription } from './delete-subscription.js';
import { namedQueryRow, subscriptionRow } from './epcis-use-case-fixtures.js';
import { getSubscription } from './get-subscription.js';
import { listSubscriptions } from './list-subscriptions.js';

describe('subscriptions (use cases)', () => {
  const now = new Date('2026-11-29T11:07:30Z');
  const made: NewSubscription[] = [];
  const repo = {
    getQuery: async (companyId: number) => (companyId === 1 ? namedQueryRow() : undefined),
    createSubscription: async (s: NewSubscription) => {
      made.push(s);
      return subscriptionRow({ stream: s.stream, schedule: s.schedule, nextRunAt: s.nextRunAt, dest: s.dest });
    },
    getSubscription: async (_queryId: number, id: string) =>
      id === subscriptionRow().subscriptionId ? subscriptionRow() : undefined,
    listSubscriptions: async () => [subscriptionRow()],
    deleteSubscription: async () => {},
  };

  it('a stream subscription from now on, in the subscriber’s scope, with a secret answered once', async () => {
    const answer = await createSubscription(
      repo,
      testUser({ locationIds: [4] }),
      'pallets',
      { dest: 'https://partner.example.com/epcis', stream: true },
      now,
    );
    expect(answer.secret).toMatch(/^whsec_/);
    expect(made.at(-1)).toMatchObject({
      stream: true,
      nextRunAt: null,
      initialRecordTime: now,
      locationIds: [4],
      secret: answer.secret,
    });
  });

  it('a scheduled one gets its first run; the signatureToken makes the secret, not answered', async () => {
    const answer = await createSubscription(
      repo,
      testUser(),
      'pallets',
      { dest: 'https://partner.example.com/epcis', schedule: { minute: '0' }, signatureToken: 'partner-secret' },
      now,
    );
    expect(answer.secret).toBeUndefined();
    expect(made.at(-1)).toMatchObject({
      stream: false,
      nextRunAt: new Date('2026-11-29T12:00:00Z'),
      secret: `whsec_${Buffer.from('partner-secret').toString('base64')}`,
    });
    await expectStatus(
      createSubscription(
        repo,
        testUser(),
        'pallets',
        { dest: 'https://x.example.com', schedule: { dayOfMonth: '31', month: '2' } },
        now,
      ),
      400,
    );
  });

  it("another company's query, or an unknown subscription, is a 404", async () => {
    await expectStatus(
      createSubscription(repo, testUser({ companyId: 2 }), 'pallets', { dest: 'https://x.example.com', stream: true }),
      404,
    );
    await expectStatus(getSubscription(repo, testUser(), 'pallets', 'nope'), 404);
    await expectStatus(deleteSubscription(repo, testUser(), 'pallets', 'nope'), 404);
    await expectStatus(listSubscriptions(repo, testUser({ companyId: 2 }), 'pallets'), 404);
    expect((await listSubscriptions(repo, testUser(), 'pallets')).map((s) => s.subscriptionID)).toEqual([
      subscriptionRow().subscriptionId,
    ]);
  });
});
