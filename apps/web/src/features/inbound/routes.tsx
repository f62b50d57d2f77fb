import type { RouteObject } from 'react-router';
import { BoxDetailPage } from './box/box-detail-page';
import { CreateOrderPage } from './create/create-order-page';
import { InboundDashboardPage } from './dashboard/inbound-dashboard-page';
import { OrderGtinPage } from './gtin/order-gtin-page';
import { OrderBoxesPage } from './order/order-boxes-page';
import { OrderDetailPage } from './order/order-detail-page';
import { inboundVerificationRoutes } from './verification/routes';

/** Inbound part A: dashboard, order creation, order detail and boxes, box detail, GTIN in an order. */
export const inboundCoreRoutes: RouteObject[] = [
  { path: '/inbound/', element: <InboundDashboardPage /> },
  { path: '/inbound/order/add', element: <CreateOrderPage /> },
  { path: '/inbound/order/:id/detail', element: <OrderDetailPage /> },
  { path: '/inbound/order/:id/boxes', element: <OrderBoxesPage /> },
  { path: '/inbound/order/:orderId/box/:id/detail', element: <BoxDetailPage /> },
  { path: '/inbound/order/:orderId/gtin/:itemType/detail', element: <OrderGtinPage /> },
];

/** Pages of the inbound feature, mounted inside the signed-in layout (see app/router.tsx). */
export const inboundRoutes: RouteObject[] = [...inboundCoreRoutes, ...inboundVerificationRoutes];
