import type { EpcisSubscription, EpcisSubscriptionCreate } from '@rfid/contract';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type EpcisQueriesRepository, signingSecret } from '../epcis-queries.repository.js';
import { requireNamedQuery } from './named-queries.js';
import { nextScheduledRun } from './subscription-schedule.js';
import { toSubscription } from './subscriptions.js';

/**
 * POST /epcis/queries/{name}/subscriptions: a subscription whose results go to `dest` through a webhook endpoint of its
 * own (signed as Standard Webhooks says, with a secret made from the client's signatureToken, or one answered once).
 * It reports events recorded from initialRecordTime (default: now) on; it sees what the subscriber sees.
 */
export const createSubscription = async (
  repo: Pick<EpcisQueriesRepository, 'getQuery' | 'createSubscription'>,
  user: Pick<AuthUser, 'companyId' | 'id' | 'locationIds'>,
  name: string,
  input: EpcisSubscriptionCreate,
  now = new Date(),
): Promise<EpcisSubscription> => {
  const query = await requireNamedQuery(repo, user, name);
  const nextRunAt = input.schedule ? nextScheduledRun(input.schedule, now) : null;
  if (input.schedule && !nextRunAt) throw fieldError('schedule', 'common.invalid_value');
  const secret = signingSecret(input.signatureToken);
  const row = await repo.createSubscription({
    companyId: user.companyId,
    queryId: query.id,
    userId: user.id,
    dest: input.dest,
    secret,
    stream: input.stream === true,
    schedule: input.schedule ?? null,
    reportIfEmpty: input.reportIfEmpty === true,
    initialRecordTime: input.initialRecordTime ? new Date(input.initialRecordTime) : now,
    locationIds: user.locationIds,
    nextRunAt,
  });
  return toSubscription(row, input.signatureToken ? undefined : secret);
};
