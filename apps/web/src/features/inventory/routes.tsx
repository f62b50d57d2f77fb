import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const InventoryDashboardPage = lazyPage(() =>
  import('./dashboard/inventory-dashboard-page').then((m) => m.InventoryDashboardPage),
);
const InventoryDetailPage = lazyPage(() => import('./detail/inventory-detail-page').then((m) => m.InventoryDetailPage));
const InventoryGtinPage = lazyPage(() => import('./gtin/inventory-gtin-page').then((m) => m.InventoryGtinPage));
const InventoryItemsPage = lazyPage(() => import('./items/inventory-items-page').then((m) => m.InventoryItemsPage));

/** Pages of the inventory feature, mounted inside the signed-in layout (see app/router.tsx). */
export const inventoryRoutes: RouteObject[] = [
  { path: '/inventory/', element: <InventoryDashboardPage /> },
  { path: '/inventory/:id/detail', element: <InventoryDetailPage /> },
  { path: '/inventory/:id/detail-items', element: <InventoryItemsPage /> },
  { path: '/inventory/:id/gtin/:itemType/detail', element: <InventoryGtinPage /> },
];
