import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';
import { inboundVerificationRoutes } from './verification/routes';

/** Inbound part A: dashboard, order creation, order detail and boxes, box detail, GTIN in an order. */
export const inboundCoreRoutes: RouteObject[] = [
  lazyRoute('/inbound/', () => import('./dashboard/inbound-dashboard-page'), 'InboundDashboardPage'),
  lazyRoute('/inbound/order/add', () => import('./create/create-order-page'), 'CreateOrderPage'),
  lazyRoute('/inbound/order/:id/detail', () => import('./order/order-detail-page'), 'OrderDetailPage'),
  lazyRoute('/inbound/order/:id/boxes', () => import('./order/order-boxes-page'), 'OrderBoxesPage'),
  lazyRoute('/inbound/order/:orderId/box/:id/detail', () => import('./box/box-detail-page'), 'BoxDetailPage'),
  lazyRoute('/inbound/order/:orderId/gtin/:itemType/detail', () => import('./gtin/order-gtin-page'), 'OrderGtinPage'),
];

/** Pages of the inbound feature, mounted inside the signed-in layout (see app/router.tsx). */
export const inboundRoutes: RouteObject[] = [...inboundCoreRoutes, ...inboundVerificationRoutes];
