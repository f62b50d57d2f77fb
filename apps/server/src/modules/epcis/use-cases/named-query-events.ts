import type { AuthUser } from '../../../plugins/auth.js';
import { readingQuery } from '../epcis.problem.js';
import { parseSimpleEventQuery, type RawQuery } from '../epcis.query.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { requireNamedQuery } from './named-queries.js';
import { type EventsPage, runEventQuery } from './query-events.js';

/** GET /epcis/queries/{name}/events: the named query's events the user sees, paged like /events. */
export const namedQueryEvents = async (
  repo: Pick<EpcisQueriesRepository, 'getQuery' | 'searchEvents' | 'countEvents'>,
  user: Pick<AuthUser, 'companyId' | 'locationIds'>,
  name: string,
  paging: { perPage?: string; nextPageToken?: string },
): Promise<EventsPage> => {
  const row = await requireNamedQuery(repo, user, name);
  // Saved after epcisQueryParametersSchema checked it: a record of parameter values.
  const query = readingQuery(() => parseSimpleEventQuery(row.query as RawQuery));
  return runEventQuery(repo, user, query, paging);
};
