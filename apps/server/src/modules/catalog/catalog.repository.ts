import type { ItemTypeListQuery } from '@rfid/contract';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companyRowById } from '../../db/company-rows.js';
import { brands, items, itemTypes } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type FilterSpec, orderColumns } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';

export type ItemTypeRow = typeof itemTypes.$inferSelect;
export type NewItemTypeRow = typeof itemTypes.$inferInsert;

export const itemTypeFilters: FilterSpec = {
  id: { column: itemTypes.id, lookups: ['exact'], type: 'number' },
  gtin: { column: itemTypes.gtin, lookups: ['exact', 'icontains', 'contains'] },
  description: { column: itemTypes.description, lookups: ['exact', 'icontains', 'contains'] },
  model: { column: itemTypes.model, lookups: ['exact', 'icontains'] },
  reference: { column: itemTypes.reference, lookups: ['exact', 'icontains'] },
  season: { column: itemTypes.season, lookups: ['exact', 'icontains'] },
  section: { column: itemTypes.section, lookups: ['exact', 'icontains'] },
  colour: { column: itemTypes.colour, lookups: ['exact', 'icontains'] },
  brand_id: { column: itemTypes.brandId, lookups: ['exact'], type: 'number' },
};
const itemTypeOrder = orderColumns(itemTypeFilters, ['id', 'gtin', 'description', 'model', 'reference']);

/** What the catalog use cases (use-cases/*.ts) read and write: the company's GTINs (item types). */
export type CatalogRepository = {
  /** A page of the company's GTINs: the query's filters (itemTypeFilters) and order, by GTIN by default. */
  list(companyId: number, query: ItemTypeListQuery, page: PageParams): Promise<{ count: number; rows: ItemTypeRow[] }>;
  byId(companyId: number, id: number): Promise<ItemTypeRow | undefined>;
  /** The company's GTIN row of a GTIN-14. */
  byGtin(companyId: number, gtin: string): Promise<ItemTypeRow | undefined>;
  /** GTIN rows of the company for many GTINs at once (decoding). */
  byGtins(companyId: number, gtins: string[]): Promise<{ id: number; gtin: string; description: string }[]>;
  brandBelongsTo(companyId: number, brandId: number): Promise<boolean>;
  /** Inserts unless the company already has the GTIN; returns undefined on that conflict. */
  insert(row: NewItemTypeRow): Promise<ItemTypeRow | undefined>;
  /** Tags read before their GTIN was in the catalog get linked to it. */
  linkItems(companyId: number, gtin: string, itemTypeId: number): Promise<void>;
  /** Inserts the GTIN (undefined when the company has it) and links the tags read before, in one transaction. */
  insertLinked(row: NewItemTypeRow & { companyId: number; gtin: string }): Promise<ItemTypeRow | undefined>;
};

/** The company's item type that `matching` picks (by id, by GTIN: one at the most). */
const companyItemType = async (db: DbOrTx, companyId: number, matching: SQL): Promise<ItemTypeRow | undefined> => {
  const [row] = await db
    .select()
    .from(itemTypes)
    .where(and(eq(itemTypes.companyId, companyId), matching))
    .limit(1);
  return row;
};

export const createCatalogRepository = (db: DbOrTx): CatalogRepository => ({
  async list(companyId, query, page) {
    const where = and(eq(itemTypes.companyId, companyId), buildFilters(query, itemTypeFilters));
    const order = buildOrderBy(query.order_by, itemTypeOrder, [asc(itemTypes.gtin), asc(itemTypes.id)]);
    const selected = db.select().from(itemTypes).where(where).$dynamic();
    return pageOf(db, selected, order, page);
  },

  byId: (companyId, id) => companyItemType(db, companyId, eq(itemTypes.id, id)),

  byGtin: (companyId, gtin) => companyItemType(db, companyId, eq(itemTypes.gtin, gtin)),

  async byGtins(companyId, gtins) {
    if (gtins.length === 0) return [];
    return db
      .select({ id: itemTypes.id, gtin: itemTypes.gtin, description: itemTypes.description })
      .from(itemTypes)
      .where(and(eq(itemTypes.companyId, companyId), inArray(itemTypes.gtin, gtins)));
  },

  async brandBelongsTo(companyId, brandId) {
    const row = await companyRowById(db.select({ id: brands.id }).from(brands).$dynamic(), brands, { companyId, id: brandId });
    return Boolean(row);
  },

  async insert(row) {
    const [created] = await db.insert(itemTypes).values(row).onConflictDoNothing().returning();
    return created;
  },

  async linkItems(companyId, gtin, itemTypeId) {
    await db
      .update(items)
      .set({ itemTypeId })
      .where(and(eq(items.companyId, companyId), eq(items.gtin, gtin), isNull(items.itemTypeId)));
  },

  insertLinked(row) {
    return db.transaction(async (tx) => {
      const inTx = createCatalogRepository(tx);
      const created = await inTx.insert(row);
      if (created) await inTx.linkItems(row.companyId, row.gtin, created.id);
      return created;
    });
  },
});
