import type { CreateItemTypeBody, createItemTypeBodySchema, DecodedEpcRow, ItemType } from '@rfid/contract';
import { isValidGtin, toGtin14, tryDecodeEpc } from '@rfid/epc';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createCatalogRepository, type ItemTypeRow } from './catalog.repository.js';

export const INVALID_CHECK_DIGIT = 'catalog.invalid_check_digit';

/** A GTIN-8/12/13/14 with a correct check digit, as the GTIN-14 the catalog stores; null when invalid. */
export const normalizeGtin = (gtin: string): string | null => {
  const digits = gtin.trim();
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits) || !isValidGtin(digits)) return null;
  return toGtin14(digits);
};

export const toItemTypeDto = (row: ItemTypeRow): ItemType => ({
  id: row.id,
  gtin: row.gtin,
  description: row.description,
  external_image: row.externalImage,
  price: row.price,
  prices: row.prices,
  size_primary: row.sizePrimary,
  size_secondary: row.sizeSecondary,
  sizes: row.sizes,
  colour: row.colour,
  model: row.model,
  season: row.season,
  cloth_type: row.clothType,
  reference: row.reference,
  department: row.department,
  leather_code: row.leatherCode,
  provider: row.provider,
  manufacturer: row.manufacturer,
  brand_name: row.brandName,
  brand_id: row.brandId,
  product_type: row.productType,
  gender: row.gender,
  section: row.section,
  zone: row.zone,
  minimum_stock: row.minimumStock,
});

/** Decodes one EPC the way the catalog answers it; never throws (a non-GS1 EPC is 'unknown'). */
export const decodeEpcRow = (epc: string): Omit<DecodedEpcRow, 'item_type' | 'description'> => {
  const hex = epc.trim().toUpperCase();
  const decoded = /^[0-9A-F]+$/.test(hex) ? tryDecodeEpc(hex) : null;
  if (!decoded) {
    return {
      epc: hex,
      scheme: 'unknown',
      gtin: null,
      serial: null,
      company_prefix: null,
      filter: null,
      pure_identity_uri: null,
      tag_uri: null,
      error: 'Not a GS1 EPC.',
    };
  }
  return {
    epc: hex,
    scheme: decoded.scheme,
    gtin: decoded.gtin ?? null,
    serial: decoded.serial ?? null,
    company_prefix: decoded.companyPrefix ?? null,
    filter: decoded.filter ?? null,
    pure_identity_uri: decoded.pureIdentityUri ?? null,
    tag_uri: decoded.tagUri ?? null,
    error: null,
  };
};

export const createCatalogService = (db: Db) => {
  const repo = createCatalogRepository(db);
  return {
    list: repo.list,

    async get(user: AuthUser, id: number): Promise<ItemType> {
      const row = await repo.byId(user.companyId, id);
      if (!row) throw notFound('catalog.gtin_not_found');
      return toItemTypeDto(row);
    },

    async getByGtin(user: AuthUser, gtin: string): Promise<ItemType> {
      const normalized = /^\d{8,14}$/.test(gtin) ? gtin.padStart(14, '0') : null;
      const row = normalized ? await repo.byGtin(user.companyId, normalized) : undefined;
      if (!row) throw notFound('catalog.gtin_not_found');
      return toItemTypeDto(row);
    },

    async create(user: AuthUser, body: z.output<typeof createItemTypeBodySchema>): Promise<ItemType> {
      const gtin = normalizeGtin(body.gtin);
      if (!gtin) throw fieldError('gtin', INVALID_CHECK_DIGIT);
      const brandId = body.brand_id ?? null;
      if (brandId !== null && !(await repo.brandBelongsTo(user.companyId, brandId))) {
        throw fieldError('brand_id', 'brand.not_found');
      }
      const price = body.price.toFixed(2);
      const created = await db.transaction(async (tx) => {
        const txRepo = createCatalogRepository(tx);
        const row = await txRepo.insert({
          companyId: user.companyId,
          brandId,
          gtin,
          description: body.description,
          price,
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
        if (row) await txRepo.linkItems(user.companyId, gtin, row.id);
        return row;
      });
      if (!created) {
        throw new AppError('CONFLICT', {
          message: 'catalog.gtin_taken',
          errors: { gtin: ['catalog.gtin_taken'] },
        });
      }
      return toItemTypeDto(created);
    },

    /** EPCs → GTIN, serial and scheme, with the company's GTIN row when it exists. */
    async decode(user: AuthUser, epcs: string[]): Promise<DecodedEpcRow[]> {
      const decoded = epcs.map(decodeEpcRow);
      const gtins = [...new Set(decoded.flatMap((d) => (d.gtin ? [d.gtin] : [])))];
      const known = new Map((await repo.byGtins(user.companyId, gtins)).map((r) => [r.gtin, r]));
      return decoded.map((d) => {
        const itemType = d.gtin ? known.get(d.gtin) : undefined;
        return { ...d, item_type: itemType?.id ?? null, description: itemType?.description ?? null };
      });
    },
  };
};

export type { CreateItemTypeBody };
