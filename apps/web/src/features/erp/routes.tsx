import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the ERP feature (issue 27), mounted inside the signed-in layout (see app/router.tsx). */
export const erpRoutes: RouteObject[] = [lazyRoute('/erp/stock', () => import('./erp-stock-page'), 'ErpStockPage')];
