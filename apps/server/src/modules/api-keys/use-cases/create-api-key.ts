import type { ApiKeyCreateBody, ApiKeyCreated } from '@rfid/contract';
import { foundOr, notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toApiKey } from '../api-keys.dto.js';
import type { ApiKeysRepository } from '../api-keys.repository.js';
import type { GeneratedKey } from '../api-keys.rules.js';

export type CreateApiKeyDeps = {
  repo: Pick<ApiKeysRepository, 'insert' | 'get' | 'locationsOf'>;
  generate: () => GeneratedKey;
};

/**
 * POST /api/api_keys/ (roles 1–2): a new key of the user's company, shown this once. Its locations must be the
 * company's (another company's, or one that does not exist: 404, nothing made); none or null: every location.
 */
export const createApiKey = async (
  { repo, generate }: CreateApiKeyDeps,
  user: AuthUser,
  body: ApiKeyCreateBody,
): Promise<ApiKeyCreated> => {
  const wanted = body.locations ? [...new Set(body.locations)] : null;
  const places = wanted ? await repo.locationsOf(user.companyId, wanted) : [];
  if (wanted && places.length !== wanted.length) throw notFound('location.not_found');
  const { key, prefix, keyHash } = generate();
  const id = await repo.insert({
    companyId: user.companyId,
    name: body.name,
    prefix,
    keyHash,
    access: body.access,
    locationIds: wanted,
    createdBy: user.id,
  });
  const row = await foundOr(repo.get(user.companyId, id), 'keys.not_found');
  return { ...toApiKey(row, new Map(places.map((p) => [p.id, p]))), key };
};
