import type { AuthUser } from '../../../plugins/auth.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { requireNamedQuery } from './named-queries.js';

/** DELETE /epcis/queries/{name}: the query, its subscriptions and their webhook endpoints. */
export const deleteNamedQuery = async (
  repo: Pick<EpcisQueriesRepository, 'getQuery' | 'deleteQuery'>,
  user: Pick<AuthUser, 'companyId'>,
  name: string,
): Promise<void> => {
  const row = await requireNamedQuery(repo, user, name);
  await repo.deleteQuery(user.companyId, row.id);
};
