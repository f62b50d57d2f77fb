import type { CatalogImport } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { Language } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toCatalogImportDto } from '../catalog-import.dto.js';
import type { CatalogImportRepository } from '../catalog-import.repository.js';

/** GET /api/types/import/: the company's imports, latest first. */
export const listCatalogImports = async (
  repo: Pick<CatalogImportRepository, 'list'>,
  user: AuthUser,
  { page, language }: { page: PageParams; language: Language },
): Promise<{ count: number; results: CatalogImport[] }> => {
  const { count, rows } = await repo.list(user.companyId, page);
  return { count, results: rows.map((row) => toCatalogImportDto(row, language)) };
};
