import type { EpcisNamedQuery } from '@rfid/contract';
import { fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { EpcisQueriesRepository } from '../epcis-queries.repository.js';
import { toNamedQuery } from './named-queries.js';
import { MAX_PER_PAGE, PER_PAGE } from './query-events.js';

/** GET /epcis/queries: the company's named queries by name, paged (perPage, nextPageToken). */
export const listNamedQueries = async (
  repo: Pick<EpcisQueriesRepository, 'listQueries'>,
  user: Pick<AuthUser, 'companyId'>,
  { perPage, nextPageToken }: { perPage?: string; nextPageToken?: string },
): Promise<{ queries: EpcisNamedQuery[]; next: string | null }> => {
  const size = perPage === undefined ? PER_PAGE : Number(perPage);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PER_PAGE) throw fieldError('perPage', 'common.invalid_value');
  const after = nextPageToken ? Buffer.from(nextPageToken, 'base64url').toString() : undefined;
  const rows = await repo.listQueries(user.companyId, { ...(after ? { after } : {}), limit: size + 1 });
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    queries: page.map(toNamedQuery),
    next: rows.length > size && last ? Buffer.from(last.name).toString('base64url') : null,
  };
};
