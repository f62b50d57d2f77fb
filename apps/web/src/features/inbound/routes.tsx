import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import { inboundVerificationRoutes } from './verification/routes';

const BoxDetailPage = lazyPage(() => import('./box/box-detail-page').then((m) => m.BoxDetailPage));
const CreateOrderPage = lazyPage(() => import('./create/create-order-page').then((m) => m.CreateOrderPage));
const InboundDashboardPage = lazyPage(() => import('./dashboard/inbound-dashboard-page').then((m) => m.InboundDashboardPage));
const OrderGtinPage = lazyPage(() => import('./gtin/order-gtin-page').then((m) => m.OrderGtinPage));
const OrderBoxesPage = lazyPage(() => import('./order/order-boxes-page').then((m) => m.OrderBoxesPage));
const OrderDetailPage = lazyPage(() => import('./order/order-detail-page').then((m) => m.OrderDetailPage));

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
