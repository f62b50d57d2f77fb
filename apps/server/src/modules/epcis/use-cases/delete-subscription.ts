import type { AuthUser } from '../../../plugins/auth.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { requireNamedQuery } from './named-queries.js';
import { requireSubscription } from './subscriptions.js';

/** DELETE /epcis/queries/{name}/subscriptions/{id}: the subscription and its webhook endpoint. */
export const deleteSubscription = async (
  repo: Pick<EpcisQueriesRepository, 'getQuery' | 'getSubscription' | 'deleteSubscription'>,
  user: Pick<AuthUser, 'companyId'>,
  name: string,
  subscriptionId: string,
): Promise<void> => {
  const query = await requireNamedQuery(repo, user, name);
  const row = await requireSubscription(repo, query, subscriptionId);
  await repo.deleteSubscription(user.companyId, row.id);
};
