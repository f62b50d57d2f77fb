import type {
  TagCompanyFormat,
  TagFormatDetail,
  tagCompanyFormatCreateBodySchema,
  tagFormatCreateBodySchema,
  tagFormatUpdateBodySchema,
  tagTypeCreateBodySchema,
} from '@rfid/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { foundOr, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createTagFormatsRepository } from './tag-formats.repository.js';

type TagFormatRow = { id: number; description: string; zplTemplate: string; digitalLinkQr: boolean };

const detail = (row: TagFormatRow): TagFormatDetail => ({
  id: row.id,
  description: row.description,
  digital_link_qr: row.digitalLinkQr,
  zpl_template: row.zplTemplate,
});

/** Tag types, tag formats and the company's formats (pairs of both with a filter value), and the company. */
export const createTagFormatsService = (db: DbOrTx) => {
  const repo = createTagFormatsRepository(db);

  const companyFormats = async (user: AuthUser, filters: { tag_type?: number; tag_format?: number }, page: PageParams) => {
    const { count, rows } = await repo.companyFormats(user.companyId, filters, page);
    const results: TagCompanyFormat[] = rows.map((r) => ({
      id: r.id,
      company: r.companyId,
      tag_type: { id: r.tagType.id, reference: r.tagType.reference, epc_bits: r.tagType.epcBits },
      tag_format: r.tagFormat,
      filter_value: r.filterValue,
    }));
    return { count, results };
  };

  return {
    async tagTypes(user: AuthUser, onlyWithFormats: boolean, page: PageParams) {
      const { count, rows } = await repo.tagTypes(user.companyId, { onlyWithFormats }, page);
      return { count, rows: rows.map((r) => ({ id: r.id, reference: r.reference, epc_bits: r.epcBits })) };
    },
    async createTagType(user: AuthUser, body: z.output<typeof tagTypeCreateBodySchema>) {
      const row = await repo.insertTagType({ companyId: user.companyId, reference: body.reference, epcBits: body.epc_bits });
      return { id: row.id, reference: row.reference, epc_bits: row.epcBits };
    },
    tagFormats: (user: AuthUser, page: PageParams) => repo.tagFormats(user.companyId, page),
    async tagFormat(user: AuthUser, id: number) {
      const row = await foundOr(repo.tagFormat(user.companyId, id), 'print.tag_format_not_found');
      return detail(row);
    },
    async createTagFormat(user: AuthUser, body: z.output<typeof tagFormatCreateBodySchema>) {
      const row = await repo.insertTagFormat({
        companyId: user.companyId,
        description: body.description,
        zplTemplate: body.zpl_template,
        digitalLinkQr: body.digital_link_qr,
      });
      return detail(row);
    },
    /** Turns the GS1 Digital Link QR code of the format's labels on or off (another company's format is not found). */
    async updateTagFormat(user: AuthUser, id: number, body: z.output<typeof tagFormatUpdateBodySchema>) {
      const row = await foundOr(repo.setDigitalLinkQr(user.companyId, id, body.digital_link_qr), 'print.tag_format_not_found');
      return detail(row);
    },
    companyFormats,
    async createCompanyFormat(user: AuthUser, body: z.output<typeof tagCompanyFormatCreateBodySchema>) {
      await foundOr(repo.tagType(user.companyId, body.tag_type), 'print.tag_type_not_found');
      await foundOr(repo.tagFormat(user.companyId, body.tag_format), 'print.tag_format_not_found');
      const { id, isNew } = await repo.insertCompanyFormat({
        companyId: user.companyId,
        tagTypeId: body.tag_type,
        tagFormatId: body.tag_format,
        filterValue: body.filter_value,
      });
      const { results } = await companyFormats(
        user,
        { tag_type: body.tag_type, tag_format: body.tag_format },
        { limit: 1, offset: 0 },
      );
      const created = results.find((r) => r.id === id);
      if (!created) throw notFound('print.tag_format_not_found');
      return { format: created, isNew };
    },
    async companies(user: AuthUser) {
      const company = await repo.company(user.companyId);
      return company ? [company] : [];
    },
  };
};
