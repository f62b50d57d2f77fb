/** Catalogue import (issue 27): a file of GTINs (CSV with `,` or `;`, or JSON Lines) imported by a background job. */
import { z } from 'zod';
import { intId, pageQueryFields } from './common.js';
import { keysOf, type ValueOf, valuesOf } from './const-enum.js';
import { IMPORT_STATES } from './integrations.js';

/** The largest catalogue file accepted (bytes): a million GTINs with every attribute fit well under it. */
export const CATALOG_IMPORT_MAX_BYTES = 512 * 1024 * 1024;

/** How the file is written: detected from its name, its type and its first bytes. */
export const CatalogImportFormat = { Csv: 'csv', JsonLines: 'jsonl' } as const;
export type CatalogImportFormat = ValueOf<typeof CatalogImportFormat>;
export const CATALOG_IMPORT_FORMATS = valuesOf(CatalogImportFormat);

/**
 * The GTIN attributes a file may carry (spec section 3, the GTIN entity), by their API names, each with its other names: a
 * CSV header (or a JSON line's key) may use the Spanish or English aliases too (compared lower-case, without accents,
 * spaces and dashes as `_`). The spec's create payload calls the season `session`; `brand` is the brand's name.
 */
export const CATALOG_IMPORT_ALIASES = {
  gtin: ['ean', 'ean13', 'barcode', 'codigo', 'codigo_barras', 'cod_barras'],
  description: ['descripcion', 'name', 'nombre'],
  price: ['precio', 'pvp'],
  prices: ['precios'],
  size_primary: ['size', 'talla', 'talla_principal'],
  size_secondary: ['talla_secundaria'],
  sizes: ['tallas'],
  colour: ['color'],
  model: ['modelo'],
  season: ['session', 'temporada'],
  cloth_type: ['tipo_prenda', 'tejido'],
  reference: ['referencia', 'ref'],
  department: ['departamento'],
  leather_code: ['codigo_piel'],
  provider: ['proveedor', 'supplier'],
  manufacturer: ['fabricante'],
  brand_name: ['brand', 'marca'],
  brand_id: ['id_marca', 'marca_id'],
  product_type: ['tipo_producto'],
  gender: ['genero', 'sexo'],
  section: ['seccion'],
  zone: ['zona'],
  external_image: ['image', 'imagen', 'image_url'],
  minimum_stock: ['stock_minimo', 'min_stock'],
} satisfies Record<string, readonly string[]>;
export type CatalogImportField = keyof typeof CATALOG_IMPORT_ALIASES;
export const CATALOG_IMPORT_FIELDS = keysOf(CATALOG_IMPORT_ALIASES);

/** A header or key as compared with the attributes' names: lower case, no accents, `_` for spaces and dashes. */
export const normalizeImportHeader = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const aliasIndex = new Map<string, CatalogImportField>(
  CATALOG_IMPORT_FIELDS.flatMap((field) => [
    [field, field] as const,
    ...CATALOG_IMPORT_ALIASES[field].map((alias) => [alias, field] as const),
  ]),
);

/** The attribute a header names, or undefined (a column the import ignores). */
export const importFieldOf = (header: string): CatalogImportField | undefined => aliasIndex.get(normalizeImportHeader(header));

/** One import as GET /api/types/import/{id}/ answers it. `total_rows` is the file's line count until the end, then exact. */
export const catalogImportSchema = z.object({
  id: z.number(),
  file_name: z.string(),
  format: z.enum(CATALOG_IMPORT_FORMATS),
  bytes: z.number(),
  state: z.enum(IMPORT_STATES),
  total_rows: z.number().nullable(),
  rows_done: z.number(),
  /** 0 to 100. */
  percent: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
  /** The columns the file names that are no GTIN attribute (ignored). */
  ignored_columns: z.array(z.string()),
  error: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type CatalogImport = z.infer<typeof catalogImportSchema>;

export const catalogImportParamsSchema = z.object({ id: intId() });
export const catalogImportListQuerySchema = z.object({ ...pageQueryFields });
