import type { EpcisNamedQuery, EpcisNamedQueryCreate } from '@rfid/contract';
import { conflict } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { readingQuery } from '../epcis.problem.js';
import { parseSimpleEventQuery } from '../epcis.query.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { toNamedQuery } from './named-queries.js';

/**
 * POST /epcis/queries: saves a SimpleEventQuery under a name unique in the company. Its parameters are checked as a
 * query would be (a QueryParameterException now, not when it runs); a taken name is a 409.
 */
export const createNamedQuery = async (
  repo: Pick<EpcisQueriesRepository, 'createQuery'>,
  user: Pick<AuthUser, 'companyId' | 'id'>,
  input: EpcisNamedQueryCreate,
): Promise<EpcisNamedQuery> => {
  readingQuery(() => parseSimpleEventQuery(input.query));
  const row = await repo.createQuery(user.companyId, user.id, input.name, input.query);
  if (!row) throw conflict(msg('epcis.query_name_taken', { name: input.name }));
  return toNamedQuery(row);
};
