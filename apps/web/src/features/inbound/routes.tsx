import type { InboundStats } from '@rfid/contract';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';
import { dashboardStatsOptions, pageQueryKey, queryClient } from '../../lib/query-client';
import { isAuthenticated, readLocation } from '../../lib/storage';
import { EMPTY_ORDER_FILTERS, purchaseOrdersPages } from './api/porders-list';
import { inboundKeys } from './keys';
import { inboundVerificationRoutes } from './verification/routes';

/**
 * The inbound dashboard's first data, started with the page's code (as the dashboard's figures are): its six
 * figures and the first page of its order history, unfiltered (the keys and requests the page makes).
 */
const prefetchInboundDashboard = () => {
  const location = readLocation();
  if (!location || !isAuthenticated()) return;
  void queryClient.prefetchQuery(
    dashboardStatsOptions<InboundStats>(inboundKeys.stats(location.id, {}), location.id, 'porders/statistics/', {}),
  );
  const history = purchaseOrdersPages(location.id, EMPTY_ORDER_FILTERS);
  void queryClient.prefetchQuery({
    queryKey: pageQueryKey(history.queryKey, history.pageSize, 0),
    queryFn: ({ signal }) => history.fetchPage({ limit: history.pageSize, offset: 0, signal }),
  });
};

/** Inbound part A: dashboard, order creation, order detail and boxes, box detail, GTIN in an order. */
export const inboundCoreRoutes: RouteObject[] = [
  lazyRoute('/inbound/', () => import('./dashboard/inbound-dashboard-page'), 'InboundDashboardPage', {
    prefetch: prefetchInboundDashboard,
  }),
  lazyRoute('/inbound/order/add', () => import('./create/create-order-page'), 'CreateOrderPage'),
  lazyRoute('/inbound/order/:id/detail', () => import('./order/order-detail-page'), 'OrderDetailPage'),
  lazyRoute('/inbound/order/:id/boxes', () => import('./order/order-boxes-page'), 'OrderBoxesPage'),
  lazyRoute('/inbound/order/:orderId/box/:id/detail', () => import('./box/box-detail-page'), 'BoxDetailPage'),
  lazyRoute('/inbound/order/:orderId/gtin/:itemType/detail', () => import('./gtin/order-gtin-page'), 'OrderGtinPage'),
];

/** Pages of the inbound feature, mounted inside the signed-in layout (see app/router.tsx). */
export const inboundRoutes: RouteObject[] = [...inboundCoreRoutes, ...inboundVerificationRoutes];
