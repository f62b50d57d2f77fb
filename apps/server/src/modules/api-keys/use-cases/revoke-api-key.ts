import type { ApiKey } from '@rfid/contract';
import { conflict, foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { locationIdsOf, toApiKey } from '../api-keys.dto.js';
import type { ApiKeysRepository } from '../api-keys.repository.js';

export type RevokeApiKeyDeps = { repo: Pick<ApiKeysRepository, 'get' | 'revoke' | 'locationsOf'>; now: () => Date };

/**
 * DELETE /api/api_keys/{id}/ (roles 1–2): the key stops working at once, in every process (the repository notifies
 * `auth_changed` with the revocation). Another company's key is 404; a key revoked already is 409. The key stays in
 * the list of revoked ones.
 */
export const revokeApiKey = async ({ repo, now }: RevokeApiKeyDeps, user: AuthUser, id: number): Promise<ApiKey> => {
  const key = await foundOr(repo.get(user.companyId, id), 'keys.not_found');
  if (key.revokedAt !== null || !(await repo.revoke(user.companyId, id, now()))) throw conflict('keys.revoked');
  const row = await foundOr(repo.get(user.companyId, id), 'keys.not_found');
  const places = await repo.locationsOf(user.companyId, locationIdsOf([row]));
  return toApiKey(row, new Map(places.map((p) => [p.id, p])));
};
