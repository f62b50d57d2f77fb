import type { EpcisSubscription } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { requireNamedQuery } from './named-queries.js';
import { toSubscription } from './subscriptions.js';

/** GET /epcis/queries/{name}/subscriptions: the named query's subscriptions (no secrets). */
export const listSubscriptions = async (
  repo: Pick<EpcisQueriesRepository, 'getQuery' | 'listSubscriptions'>,
  user: Pick<AuthUser, 'companyId'>,
  name: string,
): Promise<EpcisSubscription[]> => {
  const query = await requireNamedQuery(repo, user, name);
  return (await repo.listSubscriptions(query.id)).map((row) => toSubscription(row));
};
