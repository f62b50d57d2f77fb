import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const AlarmsPage = lazyPage(() => import('./alarms-page').then((m) => m.AlarmsPage));
const AreaStockPage = lazyPage(() => import('./area-stock-page').then((m) => m.AreaStockPage));
const BoxStockPage = lazyPage(() => import('./box-stock-page').then((m) => m.BoxStockPage));
const EpcStockPage = lazyPage(() => import('./epc-stock-page').then((m) => m.EpcStockPage));
const MinimumStockPage = lazyPage(() => import('./minimum-stock-page').then((m) => m.MinimumStockPage));
const StockGtinPage = lazyPage(() => import('./stock-gtin-page').then((m) => m.StockGtinPage));
const StockPage = lazyPage(() => import('./stock-page').then((m) => m.StockPage));
const UploadInventoryPage = lazyPage(() => import('./upload-inventory-page').then((m) => m.UploadInventoryPage));

/** Pages of the stock feature, mounted inside the signed-in layout (see app/router.tsx). */
export const stockRoutes: RouteObject[] = [
  { path: '/stock', element: <StockPage /> },
  { path: '/epc-stock', element: <EpcStockPage /> },
  { path: '/alarm', element: <AlarmsPage /> },
  { path: '/minstock/:gtin/edit', element: <MinimumStockPage /> },
  { path: '/inventory/stocks', element: <AreaStockPage /> },
  { path: '/inventory/stocks/:gtin/gtin', element: <StockGtinPage /> },
  { path: '/inventory/boxstocks', element: <BoxStockPage /> },
  { path: '/inventory/upload_csv/', element: <UploadInventoryPage /> },
];
