import type { CatalogImport } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { catalogImportKeys } from '../keys';

export const CATALOG_IMPORTS_PAGE_SIZE = 20;

/** GET /types/import/ (paging): the company's catalogue imports, latest first. */
export const getCatalogImports = (page: PageParams) => getPage<CatalogImport>('/types/import/', page);

/** The imports as a paged table reads them. */
export const catalogImportsPages = (): PagedQuery<CatalogImport> => ({
  queryKey: catalogImportKeys.list(),
  fetchPage: getCatalogImports,
  pageSize: CATALOG_IMPORTS_PAGE_SIZE,
});
