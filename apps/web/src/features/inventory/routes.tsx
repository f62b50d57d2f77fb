import type { RouteObject } from 'react-router';
import { InventoryDashboardPage } from './dashboard/inventory-dashboard-page';
import { InventoryDetailPage } from './detail/inventory-detail-page';
import { InventoryGtinPage } from './gtin/inventory-gtin-page';
import { InventoryItemsPage } from './items/inventory-items-page';

/** Pages of the inventory feature, mounted inside the signed-in layout (see app/router.tsx). */
export const inventoryRoutes: RouteObject[] = [
  { path: '/inventory/', element: <InventoryDashboardPage /> },
  { path: '/inventory/:id/detail', element: <InventoryDetailPage /> },
  { path: '/inventory/:id/detail-items', element: <InventoryItemsPage /> },
  { path: '/inventory/:id/gtin/:itemType/detail', element: <InventoryGtinPage /> },
];
