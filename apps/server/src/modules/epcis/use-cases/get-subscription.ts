import type { EpcisSubscription } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { requireNamedQuery } from './named-queries.js';
import { requireSubscription, toSubscription } from './subscriptions.js';

/** GET /epcis/queries/{name}/subscriptions/{id}. */
export const getSubscription = async (
  repo: Pick<EpcisQueriesRepository, 'getQuery' | 'getSubscription'>,
  user: Pick<AuthUser, 'companyId'>,
  name: string,
  subscriptionId: string,
): Promise<EpcisSubscription> => {
  const query = await requireNamedQuery(repo, user, name);
  return toSubscription(await requireSubscription(repo, query, subscriptionId));
};
