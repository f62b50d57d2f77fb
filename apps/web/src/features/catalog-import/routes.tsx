import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { CATALOG_IMPORT_PATH } from './paths';

const CatalogImportPage = lazyPage(() => import('./catalog-import-page').then((m) => m.CatalogImportPage));

/** Pages of the catalogue import (issue 27), mounted inside the signed-in layout (see app/router.tsx); roles 1–2. */
export const catalogImportRoutes: RouteObject[] = [{ path: CATALOG_IMPORT_PATH, element: <CatalogImportPage /> }];
