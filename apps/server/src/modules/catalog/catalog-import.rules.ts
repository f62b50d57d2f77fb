import { type CatalogImportField, INT4_MAX } from '@rfid/contract';
import { normalizeGtin } from './catalog.rules.js';
import type { FileRecord, Rejection } from './catalog-import.file.js';

/** A GTIN row as the import writes it: null means "not in the file" (kept on an update, the default on an insert). */
export type ImportRow = {
  line: number;
  gtin: string;
  description: string;
  price: string | null;
  prices: { country: string; value: string }[] | null;
  sizePrimary: string | null;
  sizeSecondary: string | null;
  sizes: { country: string; value: string }[] | null;
  colour: string | null;
  model: string | null;
  season: string | null;
  clothType: string | null;
  reference: string | null;
  department: string | null;
  leatherCode: string | null;
  provider: string | null;
  manufacturer: string | null;
  brandName: string | null;
  brandId: number | null;
  productType: string | null;
  gender: string | null;
  section: string | null;
  zone: string | null;
  externalImage: string | null;
  minimumStock: number | null;
};

/** The company's brands, to tell a known brand (by id, or by name, case aside). */
export type BrandDirectory = { ids: ReadonlySet<number>; byName: ReadonlyMap<string, number> };

export type Checked = { row: ImportRow } | { line: number; gtin: string; rejection: Rejection };

const TEXT_MAX = 200;
const LONG_TEXT: Partial<Record<CatalogImportField, number>> = { description: 500, external_image: 2000 };

class RowRejected extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.reason);
  }
}
const reject = (rejection: Rejection): never => {
  throw new RowRejected(rejection);
};

/** A cell as text: trimmed; '' and null/undefined are "not given". */
const textOf = (value: unknown, field: CatalogImportField): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    return reject({ reason: 'catalogue.field_not_text', params: { field } });
  const text = String(value).trim();
  if (text === '') return null;
  if (text.includes('\u0000')) return reject({ reason: 'catalogue.field_not_text', params: { field } });
  const max = LONG_TEXT[field] ?? TEXT_MAX;
  if (text.length > max) reject({ reason: 'catalogue.too_long', params: { field, max } });
  return text;
};

/** A price: a number ≥ 0 below 10^10, decimal point or comma; as the 2-decimal string the column stores. */
const priceOf = (value: unknown, field: CatalogImportField): string | null => {
  const text = typeof value === 'number' ? String(value) : textOf(value, field);
  if (text === null) return null;
  const normalized = text.replace(',', '.');
  const n = /^\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
  if (!Number.isFinite(n) || n >= 1e10) reject({ reason: 'catalogue.not_a_number', params: { field } });
  return n.toFixed(2);
};

const wholeOf = (value: unknown, field: CatalogImportField): number | null => {
  const text = typeof value === 'number' ? String(value) : textOf(value, field);
  if (text === null) return null;
  if (!/^\d+$/.test(text) || Number(text) > INT4_MAX) reject({ reason: 'catalogue.not_whole_number', params: { field } });
  return Number(text);
};

/**
 * A list of country values: `ES:29.95|FR:31.00` in a CSV cell, or, in JSON Lines, the same text or an array of
 * `{ country, value }`. Prices' values are numbers.
 */
const countryListOf = (
  value: unknown,
  field: CatalogImportField,
  isPrice: boolean,
): { country: string; value: string }[] | null => {
  if (value === undefined || value === null || value === '') return null;
  const pairs: [unknown, unknown][] = Array.isArray(value)
    ? value.map((entry: unknown) =>
        typeof entry === 'object' && entry !== null && 'country' in entry && 'value' in entry
          ? [entry.country, entry.value]
          : reject({ reason: 'catalogue.bad_list', params: { field } }),
      )
    : typeof value === 'string'
      ? value
          .split('|')
          .filter((part) => part.trim() !== '')
          .map((part) => {
            const at = part.indexOf(':');
            return at < 0 ? reject({ reason: 'catalogue.bad_list', params: { field } }) : [part.slice(0, at), part.slice(at + 1)];
          })
      : reject({ reason: 'catalogue.bad_list', params: { field } });
  return pairs.map(([country, v]) => {
    const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
    if (!/^[A-Z]{2,3}$/.test(code)) reject({ reason: 'catalogue.bad_list', params: { field } });
    const text = isPrice ? priceOf(v, field) : textOf(v, field);
    if (text === null) return reject({ reason: 'catalogue.bad_list', params: { field } });
    return { country: code, value: text };
  });
};

/**
 * One record checked and made a row (or rejected with its reason): the GTIN (8, 12, 13 or 14 digits with its check
 * digit, stored as GTIN-14), a description, numbers where numbers go, text within its length, a known brand (by id;
 * by name when the company has brands, and then its id is set too).
 */
export const checkRecord = (record: FileRecord, brands: BrandDirectory): Checked => {
  if ('rejection' in record) return record;
  const f = record.fields;
  const rawGtin = typeof f.gtin === 'string' || typeof f.gtin === 'number' ? String(f.gtin).trim() : '';
  const shownGtin = rawGtin.slice(0, 40);
  try {
    if (rawGtin === '') reject({ reason: 'catalogue.required', params: { field: 'gtin' } });
    const gtin = normalizeGtin(rawGtin) ?? reject({ reason: 'catalogue.invalid_gtin' });
    const description =
      textOf(f.description, 'description') ?? reject({ reason: 'catalogue.required', params: { field: 'description' } });
    let brandId = wholeOf(f.brand_id, 'brand_id');
    const brandName = textOf(f.brand_name, 'brand_name');
    if (brandId !== null && !brands.ids.has(brandId)) reject({ reason: 'catalogue.unknown_brand', params: { brand: brandId } });
    if (brandId === null && brandName !== null && brands.byName.size > 0) {
      brandId =
        brands.byName.get(brandName.toLowerCase()) ?? reject({ reason: 'catalogue.unknown_brand', params: { brand: brandName } });
    }
    const row: ImportRow = {
      line: record.line,
      gtin,
      description,
      price: priceOf(f.price, 'price'),
      prices: countryListOf(f.prices, 'prices', true),
      sizePrimary: textOf(f.size_primary, 'size_primary'),
      sizeSecondary: textOf(f.size_secondary, 'size_secondary'),
      sizes: countryListOf(f.sizes, 'sizes', false),
      colour: textOf(f.colour, 'colour'),
      model: textOf(f.model, 'model'),
      season: textOf(f.season, 'season'),
      clothType: textOf(f.cloth_type, 'cloth_type'),
      reference: textOf(f.reference, 'reference'),
      department: textOf(f.department, 'department'),
      leatherCode: textOf(f.leather_code, 'leather_code'),
      provider: textOf(f.provider, 'provider'),
      manufacturer: textOf(f.manufacturer, 'manufacturer'),
      brandName,
      brandId,
      productType: textOf(f.product_type, 'product_type'),
      gender: textOf(f.gender, 'gender'),
      section: textOf(f.section, 'section'),
      zone: textOf(f.zone, 'zone'),
      externalImage: textOf(f.external_image, 'external_image'),
      minimumStock: wholeOf(f.minimum_stock, 'minimum_stock'),
    };
    return { row };
  } catch (error) {
    if (error instanceof RowRejected) return { line: record.line, gtin: shownGtin, rejection: error.rejection };
    throw error;
  }
};
