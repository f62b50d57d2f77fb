import type { EpcisNamedQuery } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { EpcisQueriesRepository, NamedQueryRow } from '../epcis-queries.repository.js';

/** A named query of the user's company, or the binding's 404 (another company's is as good as none). */
export const requireNamedQuery = async (
  repo: Pick<EpcisQueriesRepository, 'getQuery'>,
  user: Pick<AuthUser, 'companyId'>,
  name: string,
): Promise<NamedQueryRow> => {
  return foundOr(repo.getQuery(user.companyId, name), 'epcis.query_not_found');
};

export const toNamedQuery = (row: NamedQueryRow): EpcisNamedQuery => ({
  name: row.name,
  // Stored as it was validated by epcisQueryParametersSchema when saved.
  query: row.query as EpcisNamedQuery['query'],
});
