import type { RouteObject } from 'react-router';
import { AlarmsPage } from './alarms-page';
import { AreaStockPage } from './area-stock-page';
import { BoxStockPage } from './box-stock-page';
import { EpcStockPage } from './epc-stock-page';
import { MinimumStockPage } from './minimum-stock-page';
import { StockGtinPage } from './stock-gtin-page';
import { StockPage } from './stock-page';
import { UploadInventoryPage } from './upload-inventory-page';

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
