import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companyRowById } from '../../db/company-rows.js';
import { companies, tagCompanyFormats, tagFormats, tagTypes } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import type { PageParams } from '../../http/paging.js';

/** Tag types, tag formats (ZPL templates), the company's pairs of them (company formats) and the company's name. */
/** Tag types and tag formats. */
const tagTypeQueries = (db: DbOrTx) => ({
  async tagTypes(companyId: number, { onlyWithFormats }: { onlyWithFormats: boolean }, page: PageParams) {
    const where = and(
      eq(tagTypes.companyId, companyId),
      onlyWithFormats
        ? sql`exists (select 1 from tag_company_formats f where f.tag_type_id = ${tagTypes.id} and f.company_id = ${companyId})`
        : undefined,
    );
    const selected = db.select().from(tagTypes).where(where).$dynamic();
    return pageOf(db, selected, [asc(tagTypes.reference), asc(tagTypes.id)], page);
  },

  async insertTagType(values: { companyId: number; reference: string; epcBits: number }) {
    const [row] = await db.insert(tagTypes).values(values).returning();
    return row as typeof tagTypes.$inferSelect;
  },

  async tagFormats(companyId: number, page: PageParams) {
    const where = eq(tagFormats.companyId, companyId);
    const selected = db
      .select({ id: tagFormats.id, description: tagFormats.description, digital_link_qr: tagFormats.digitalLinkQr })
      .from(tagFormats)
      .where(where)
      .$dynamic();
    return pageOf(db, selected, [asc(tagFormats.description), asc(tagFormats.id)], page);
  },

  /** The company's tag format (another company's is not found). */
  async tagFormat(companyId: number, id: number) {
    return companyRowById(db.select().from(tagFormats).$dynamic(), tagFormats, { companyId, id });
  },

  /** The company's tag type (another company's is not found). */
  async tagType(companyId: number, id: number) {
    return companyRowById(db.select().from(tagTypes).$dynamic(), tagTypes, { companyId, id });
  },

  async insertTagFormat(values: { companyId: number; description: string; zplTemplate: string; digitalLinkQr: boolean }) {
    const [row] = await db.insert(tagFormats).values(values).returning();
    return row as typeof tagFormats.$inferSelect;
  },

  /** Sets the company's tag format's Digital Link QR setting; undefined when the format is not the company's. */
  async setDigitalLinkQr(companyId: number, id: number, digitalLinkQr: boolean) {
    const [row] = await db
      .update(tagFormats)
      .set({ digitalLinkQr })
      .where(and(eq(tagFormats.id, id), eq(tagFormats.companyId, companyId)))
      .returning();
    return row;
  },
});

/** The company's formats (pairs of a tag type and a format with a filter value), and the company. */
const companyFormatQueries = (db: DbOrTx) => ({
  async companyFormats(companyId: number, filters: { tag_type?: number; tag_format?: number }, page: PageParams) {
    const where = and(
      eq(tagCompanyFormats.companyId, companyId),
      filters.tag_type ? eq(tagCompanyFormats.tagTypeId, filters.tag_type) : undefined,
      filters.tag_format ? eq(tagCompanyFormats.tagFormatId, filters.tag_format) : undefined,
    );
    const selected = db
      .select({
        id: tagCompanyFormats.id,
        companyId: tagCompanyFormats.companyId,
        filterValue: tagCompanyFormats.filterValue,
        tagType: { id: tagTypes.id, reference: tagTypes.reference, epcBits: tagTypes.epcBits },
        tagFormat: { id: tagFormats.id, description: tagFormats.description },
      })
      .from(tagCompanyFormats)
      .innerJoin(tagTypes, eq(tagTypes.id, tagCompanyFormats.tagTypeId))
      .innerJoin(tagFormats, eq(tagFormats.id, tagCompanyFormats.tagFormatId))
      .where(where)
      .$dynamic();
    return pageOf(db, selected, [asc(tagFormats.description), asc(tagCompanyFormats.id)], page);
  },

  /** A tag company format of the company, with what printing needs (template, filter value, EPC size). */
  async companyFormat(companyId: number, id: number) {
    // at(0): none when the company has no such format (a destructured `[row]` would be typed as always there).
    const rows = await db
      .select({
        id: tagCompanyFormats.id,
        filterValue: tagCompanyFormats.filterValue,
        epcBits: tagTypes.epcBits,
        zplTemplate: tagFormats.zplTemplate,
        digitalLinkQr: tagFormats.digitalLinkQr,
      })
      .from(tagCompanyFormats)
      .innerJoin(tagTypes, eq(tagTypes.id, tagCompanyFormats.tagTypeId))
      .innerJoin(tagFormats, eq(tagFormats.id, tagCompanyFormats.tagFormatId))
      .where(and(eq(tagCompanyFormats.companyId, companyId), eq(tagCompanyFormats.id, id)))
      .limit(1);
    return rows.at(0);
  },

  /** The company's first tag company format: the one the printer upload prints with when none is named. */
  async defaultCompanyFormatId(companyId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: tagCompanyFormats.id })
      .from(tagCompanyFormats)
      .where(eq(tagCompanyFormats.companyId, companyId))
      .orderBy(asc(tagCompanyFormats.id))
      .limit(1);
    return row?.id;
  },

  /** Adds a pair, or returns the id of the same pair already there. */
  async insertCompanyFormat(values: { companyId: number; tagTypeId: number; tagFormatId: number; filterValue: number }) {
    const [row] = await db.insert(tagCompanyFormats).values(values).onConflictDoNothing().returning({ id: tagCompanyFormats.id });
    if (row) return { id: row.id, isNew: true };
    const [existing] = await db
      .select({ id: tagCompanyFormats.id })
      .from(tagCompanyFormats)
      .where(
        and(
          eq(tagCompanyFormats.companyId, values.companyId),
          eq(tagCompanyFormats.tagTypeId, values.tagTypeId),
          eq(tagCompanyFormats.tagFormatId, values.tagFormatId),
        ),
      )
      .limit(1);
    return { id: existing?.id as number, isNew: false };
  },

  async company(companyId: number) {
    const [row] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
    return row;
  },
});

export const createTagFormatsRepository = (db: DbOrTx) => ({
  ...tagTypeQueries(db),
  ...companyFormatQueries(db),
});
