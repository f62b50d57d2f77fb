import type { ItemType } from '@rfid/contract';
import type { ItemTypeRow } from './catalog.repository.js';

/** A GTIN (item type) as the API answers it. */
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
