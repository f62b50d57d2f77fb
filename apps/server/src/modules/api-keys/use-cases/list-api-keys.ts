import type { ApiKey, ApiKeyListQuery } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { locationIdsOf, toApiKey } from '../api-keys.dto.js';
import type { ApiKeysRepository } from '../api-keys.repository.js';

/** GET /api/api_keys/ (roles 1–2): the company's keys, newest first; the revoked ones only with `revoked=true`. */
export const listApiKeys = async (
  repo: Pick<ApiKeysRepository, 'list' | 'locationsOf'>,
  user: AuthUser,
  query: ApiKeyListQuery,
): Promise<ApiKey[]> => {
  const rows = await repo.list(user.companyId, { revoked: query.revoked === 'true' });
  const places = await repo.locationsOf(user.companyId, locationIdsOf(rows));
  const byId = new Map(places.map((p) => [p.id, p]));
  return rows.map((row) => toApiKey(row, byId));
};
