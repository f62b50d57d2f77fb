import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { PRINT_PATHS, PRINTER_BASE } from '../print-wizard';
import { PrinterGate } from './components/printer-gate';

const CreateCsvPage = lazyPage(() => import('./create-csv-page').then((m) => m.CreateCsvPage));
const CreateManualPage = lazyPage(() => import('./create-manual-page').then((m) => m.CreateManualPage));
const ImpressionsPage = lazyPage(() => import('./impressions-page').then((m) => m.ImpressionsPage));
const PrintContentsPage = lazyPage(() => import('./print-contents-page').then((m) => m.PrintContentsPage));
const PrintDetailPage = lazyPage(() => import('./print-detail-page').then((m) => m.PrintDetailPage));
const PrintOrdersPage = lazyPage(() => import('./print-orders-page').then((m) => m.PrintOrdersPage));
const PrinterUploadPage = lazyPage(() => import('./printer-upload-page').then((m) => m.PrinterUploadPage));
const RelabelingOffPage = lazyPage(() => import('./relabeling-off-page').then((m) => m.RelabelingOffPage));
const ProductionPage = lazyPage(() => import('./production-page').then((m) => m.ProductionPage));

const gated = (path: string, element: ReactNode): RouteObject => ({ path, element: <PrinterGate>{element}</PrinterGate> });

/**
 * Pages of the printing feature, mounted inside the signed-in layout (see app/router.tsx). The printers list, add and
 * edit are the admin feature's; relabeling is off (the spec's feature flag): its routes say so.
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
  gated(`${PRINTER_BASE}/relabeling/*`, <RelabelingOffPage />),
];
