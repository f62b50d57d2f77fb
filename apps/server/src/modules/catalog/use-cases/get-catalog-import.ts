import type { CatalogImport } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { Language } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toCatalogImportDto } from '../catalog-import.dto.js';
import type { CatalogImportRepository } from '../catalog-import.repository.js';

/** GET /api/types/import/{id}/: an import of the user's company with its progress; another company's is not found. */
export const getCatalogImport = async (
  repo: Pick<CatalogImportRepository, 'get'>,
  user: AuthUser,
  { id, language }: { id: number; language: Language },
): Promise<CatalogImport> => {
  const row = await foundOr(repo.get(user.companyId, id), 'catalogue.not_found');
  return toCatalogImportDto(row, language);
};
