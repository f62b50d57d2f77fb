import { foundOr } from '../../../http/errors.js';
import { type Language, render } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { renderStored } from '../catalog-import.dto.js';
import type { CatalogImportRepository } from '../catalog-import.repository.js';

/** Rejected records read per page of the report. */
export const REPORT_PAGE = 5_000;

export type CatalogImportReport = { filename: string; columns: string[]; chunks: AsyncIterable<unknown[][]> };

/**
 * GET /api/types/import/{id}/rejected/: the rejected records of an import of the user's company as CSV rows (line,
 * GTIN, reason in the reader's language), read in pages as the client downloads them.
 */
export const getCatalogImportReport = async (
  repo: Pick<CatalogImportRepository, 'get' | 'rejections'>,
  user: AuthUser,
  { id, language }: { id: number; language: Language },
): Promise<CatalogImportReport> => {
  await foundOr(repo.get(user.companyId, id), 'catalogue.not_found');
  async function* chunks(): AsyncGenerator<unknown[][]> {
    let after = 0;
    for (;;) {
      const page = await repo.rejections(id, after, REPORT_PAGE);
      if (page.length === 0) return;
      yield page.map((r) => [r.line, r.gtin, renderStored(r.rejection.reason, language, r.rejection.params)]);
      after = page[page.length - 1]?.line ?? after;
      if (page.length < REPORT_PAGE) return;
    }
  }
  return {
    filename: `catalog-import-${id}-rejected.csv`,
    columns: [
      render('catalogue.report_line', language),
      render('catalogue.report_gtin', language),
      render('catalogue.report_reason', language),
    ],
    chunks: chunks(),
  };
};
