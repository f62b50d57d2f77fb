import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the inventory feature, mounted inside the signed-in layout (see app/router.tsx). */
export const inventoryRoutes: RouteObject[] = [
  lazyRoute('/inventory/', () => import('./dashboard/inventory-dashboard-page'), 'InventoryDashboardPage'),
  lazyRoute('/inventory/:id/detail', () => import('./detail/inventory-detail-page'), 'InventoryDetailPage'),
  lazyRoute('/inventory/:id/detail-items', () => import('./items/inventory-items-page'), 'InventoryItemsPage'),
  lazyRoute('/inventory/:id/gtin/:itemType/detail', () => import('./gtin/inventory-gtin-page'), 'InventoryGtinPage'),
];
