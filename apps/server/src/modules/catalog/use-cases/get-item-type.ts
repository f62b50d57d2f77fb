import type { ItemType } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { CatalogRepository } from '../catalog.repository.js';
import { toItemTypeDto } from '../catalog-dto.js';

/** GET /types/{id}/: a GTIN of the company (404 otherwise). */
export const getItemType = async (
  repo: Pick<CatalogRepository, 'byId'>,
  { user, id }: { user: AuthUser; id: number },
): Promise<ItemType> => {
  const row = await foundOr(repo.byId(user.companyId, id), 'catalog.gtin_not_found');
  return toItemTypeDto(row);
};
