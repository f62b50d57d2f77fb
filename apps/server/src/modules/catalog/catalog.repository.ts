import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { brands, items, itemTypes } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
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
const itemTypeOrder = {
  id: itemTypes.id,
  gtin: itemTypes.gtin,
  description: itemTypes.description,
  model: itemTypes.model,
  reference: itemTypes.reference,
};

export const createCatalogRepository = (db: DbOrTx) => ({
  async list(companyId: number, query: Record<string, unknown>, page: PageParams) {
    const where = and(eq(itemTypes.companyId, companyId), buildFilters(query, itemTypeFilters));
    const order = buildOrderBy(query.order_by as string | undefined, itemTypeOrder, [asc(itemTypes.gtin), asc(itemTypes.id)]);
    const selected = db.select().from(itemTypes).where(where).$dynamic();
    return pageOf(db, selected, order, page);
  },

  async byId(companyId: number, id: number): Promise<ItemTypeRow | undefined> {
    const [row] = await db
      .select()
      .from(itemTypes)
      .where(and(eq(itemTypes.companyId, companyId), eq(itemTypes.id, id)))
      .limit(1);
    return row;
  },

  async byGtin(companyId: number, gtin: string): Promise<ItemTypeRow | undefined> {
    const [row] = await db
      .select()
      .from(itemTypes)
      .where(and(eq(itemTypes.companyId, companyId), eq(itemTypes.gtin, gtin)))
      .limit(1);
    return row;
  },

  /** GTIN rows of the company for many GTINs at once (decoding). */
  async byGtins(companyId: number, gtins: string[]) {
    if (gtins.length === 0) return [];
    return db
      .select({ id: itemTypes.id, gtin: itemTypes.gtin, description: itemTypes.description })
      .from(itemTypes)
      .where(and(eq(itemTypes.companyId, companyId), inArray(itemTypes.gtin, gtins)));
  },

  async brandBelongsTo(companyId: number, brandId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.id, brandId), eq(brands.companyId, companyId)))
      .limit(1);
    return Boolean(row);
  },

  /** Inserts unless the company already has the GTIN; returns undefined on that conflict. */
  async insert(row: NewItemTypeRow): Promise<ItemTypeRow | undefined> {
    const [created] = await db.insert(itemTypes).values(row).onConflictDoNothing().returning();
    return created;
  },

  /** Tags read before their GTIN was in the catalog get linked to it. */
  async linkItems(companyId: number, gtin: string, itemTypeId: number): Promise<void> {
    await db
      .update(items)
      .set({ itemTypeId })
      .where(and(eq(items.companyId, companyId), eq(items.gtin, gtin), isNull(items.itemTypeId)));
  },
});
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
