import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PRINT_PATHS, PRINTER_BASE } from '../print-wizard/print-paths';
import { PrinterGate } from './components/printer-gate';
import { CreateCsvPage } from './create-csv-page';
import { CreateManualPage } from './create-manual-page';
import { ImpressionsPage } from './impressions-page';
import { PrintContentsPage } from './print-contents-page';
import { PrintDetailPage } from './print-detail-page';
import { PrintOrdersPage } from './print-orders-page';
import { PrinterUploadPage } from './printer-upload-page';
import { ProductionPage } from './production-page';

const gated = (path: string, element: ReactNode): RouteObject => ({ path, element: <PrinterGate>{element}</PrinterGate> });

/**
 * Pages of the printing feature, mounted inside the signed-in layout (see app/router.tsx). The printers list, add and
 * edit are the admin feature's; relabeling stays off (feature flag off).
 */
export const printingRoutes: RouteObject[] = [
  gated(PRINT_PATHS.orders, <PrintOrdersPage />),
  gated(PRINT_PATHS.addCsv, <CreateCsvPage />),
  gated(PRINT_PATHS.addManual, <CreateManualPage />),
  gated(PRINT_PATHS.impressions, <ImpressionsPage />),
  gated(PRINT_PATHS.production, <ProductionPage />),
  gated(`${PRINTER_BASE}/print/:id/contents`, <PrintContentsPage />),
  gated(`${PRINTER_BASE}/print/:id/detail`, <PrintDetailPage />),
  gated(`${PRINTER_BASE}/:id/upload`, <PrinterUploadPage />),
];
