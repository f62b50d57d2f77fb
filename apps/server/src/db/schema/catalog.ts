import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId } from './columns.js';
import { brands, companyRef } from './organization.js';

export type SizeValue = { country: string; value: string };
export type PriceValue = { country: string; value: string };

/** A GTIN ("item type") with every attribute of the spec's section 3. */
export const itemTypes = pgTable(
  'item_types',
  {
    id: serialId(),
    companyId: companyRef(),
    brandId: integer('brand_id').references(() => brands.id),
    gtin: text('gtin').notNull(),
    description: text('description').notNull(),
    model: text('model').notNull().default(''),
    colour: text('colour').notNull().default(''),
    sizePrimary: text('size_primary').notNull().default(''),
    sizeSecondary: text('size_secondary').notNull().default(''),
    sizes: jsonb('sizes').$type<SizeValue[]>().notNull().default([]),
    price: numeric('price', { precision: 12, scale: 2 }),
    prices: jsonb('prices').$type<PriceValue[]>().notNull().default([]),
    season: text('season').notNull().default(''),
    section: text('section').notNull().default(''),
    clothType: text('cloth_type').notNull().default(''),
    reference: text('reference').notNull().default(''),
    department: text('department').notNull().default(''),
    leatherCode: text('leather_code').notNull().default(''),
    provider: text('provider').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    brandName: text('brand_name').notNull().default(''),
    productType: text('product_type').notNull().default(''),
    gender: text('gender').notNull().default(''),
    zone: text('zone').notNull().default(''),
    externalImage: text('external_image').notNull().default(''),
    minimumStock: integer('minimum_stock'),
  },
  (t) => [uniqueIndex('item_types_company_gtin_uq').on(t.companyId, t.gtin), index('item_types_gtin_idx').on(t.gtin)],
);
