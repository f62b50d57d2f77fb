import type { gtinParamSchema, ItemType } from '@rfid/contract';
import type { z } from 'zod';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { CatalogRepository } from '../catalog.repository.js';
import { toItemTypeDto } from '../catalog-dto.js';

/** GET /v1/types/{gtin}/: a GTIN of the company by its code (GTIN-8/12/13/14, read as the GTIN-14 stored); else 404. */
export const getItemTypeByGtin = async (
  repo: Pick<CatalogRepository, 'byGtin'>,
  { user, params }: { user: AuthUser; params: z.output<typeof gtinParamSchema> },
): Promise<ItemType> => {
  const normalized = /^\d{8,14}$/.test(params.gtin) ? params.gtin.padStart(14, '0') : null;
  const row = normalized ? await repo.byGtin(user.companyId, normalized) : undefined;
  if (!row) throw notFound('catalog.gtin_not_found');
  return toItemTypeDto(row);
};
