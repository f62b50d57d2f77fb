import type { createItemTypeBodySchema, ItemType } from '@rfid/contract';
import type { z } from 'zod';
import { AppError, fieldError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { CatalogRepository } from '../catalog.repository.js';
import { INVALID_CHECK_DIGIT, normalizeGtin } from '../catalog.rules.js';
import { toItemTypeDto } from '../catalog-dto.js';

export type CreateItemTypeInput = { user: AuthUser; body: z.output<typeof createItemTypeBodySchema> };

/**
 * POST /types/: adds a GTIN to the company's catalog, stored as GTIN-14 (400 on gtin for a wrong check digit, on
 * brand_id for another company's brand; 409 when the company has the GTIN), and links to it the tags read before it
 * was known.
 */
export const createItemType = async (
  repo: Pick<CatalogRepository, 'brandBelongsTo' | 'insertLinked'>,
  { user, body }: CreateItemTypeInput,
): Promise<ItemType> => {
  const gtin = normalizeGtin(body.gtin);
  if (!gtin) throw fieldError('gtin', INVALID_CHECK_DIGIT);
  const brandId = body.brand_id ?? null;
  if (brandId !== null && !(await repo.brandBelongsTo(user.companyId, brandId))) {
    throw fieldError('brand_id', 'brand.not_found');
  }
  const created = await repo.insertLinked({
    companyId: user.companyId,
    brandId,
    gtin,
    description: body.description,
    price: body.price.toFixed(2),
    prices: [],
    season: body.season ?? body.session ?? '',
    model: body.model ?? '',
    colour: body.colour ?? '',
    sizePrimary: body.size_primary ?? '',
    sizes: body.size_primary ? [{ country: 'ES', value: body.size_primary }] : [],
    reference: body.reference ?? '',
    section: body.section ?? '',
    externalImage: body.external_image ?? '',
  });
  if (!created) {
    throw new AppError('CONFLICT', { message: 'catalog.gtin_taken', errors: { gtin: ['catalog.gtin_taken'] } });
  }
  return toItemTypeDto(created);
};
