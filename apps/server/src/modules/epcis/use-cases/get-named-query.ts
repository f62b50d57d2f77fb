import type { EpcisNamedQuery } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { requireNamedQuery, toNamedQuery } from './named-queries.js';

/** GET /epcis/queries/{name}: a named query of the user's company. */
export const getNamedQuery = async (
  repo: Pick<EpcisQueriesRepository, 'getQuery'>,
  user: Pick<AuthUser, 'companyId'>,
  name: string,
): Promise<EpcisNamedQuery> => toNamedQuery(await requireNamedQuery(repo, user, name));
