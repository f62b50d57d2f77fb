import type { ItemType, ItemTypeListQuery } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { CatalogRepository } from '../catalog.repository.js';
import { toItemTypeDto } from '../catalog-dto.js';

export type ListItemTypesInput = { user: AuthUser; query: ItemTypeListQuery; page: PageParams };

/** GET /types/: a page of the company's GTINs (gtin__icontains, description__icontains …; by GTIN by default). */
export const listItemTypes = async (
  repo: Pick<CatalogRepository, 'list'>,
  { user, query, page }: ListItemTypesInput,
): Promise<{ count: number; results: ItemType[] }> => {
  const { count, rows } = await repo.list(user.companyId, query, page);
  return { count, results: rows.map(toItemTypeDto) };
};
