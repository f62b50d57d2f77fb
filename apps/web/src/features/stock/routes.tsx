import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the stock feature, mounted inside the signed-in layout (see app/router.tsx). */
export const stockRoutes: RouteObject[] = [
  lazyRoute('/stock', () => import('./stock-page'), 'StockPage'),
  lazyRoute('/epc-stock', () => import('./epc-stock-page'), 'EpcStockPage'),
  lazyRoute('/alarm', () => import('./alarms-page'), 'AlarmsPage'),
  lazyRoute('/minstock/:gtin/edit', () => import('./minimum-stock-page'), 'MinimumStockPage'),
  lazyRoute('/inventory/stocks', () => import('./area-stock-page'), 'AreaStockPage'),
  lazyRoute('/inventory/stocks/:gtin/gtin', () => import('./stock-gtin-page'), 'StockGtinPage'),
  lazyRoute('/inventory/boxstocks', () => import('./box-stock-page'), 'BoxStockPage'),
  lazyRoute('/inventory/upload_csv/', () => import('./upload-inventory-page'), 'UploadInventoryPage'),
];
