import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { lazyPage, lazyRoute } from '../../../lib/lazy-page';

const BoxVerificationsPage = lazyPage(() => import('../../verification').then((m) => m.BoxVerificationsPage));
const VerificationItemsPage = lazyPage(() => import('../../verification').then((m) => m.VerificationItemsPage));
const VerificationReportPage = lazyPage(() => import('../../verification').then((m) => m.VerificationReportPage));

/** /order/:orderId/box/:id/verifications: a purchase box's verifications (destination side). */
const PurchaseBoxVerificationsPage = () => {
  const { orderId = '', id = '' } = useParams();
  return <BoxVerificationsPage kind="purchase" orderId={orderId} boxId={id} />;
};

/** /order/:orderId/box/:boxId/verifications/:id: one verification's report per GTIN. */
const PurchaseVerificationReportPage = () => {
  const { orderId = '', boxId = '', id = '' } = useParams();
  return <VerificationReportPage kind="purchase" orderId={orderId} boxId={boxId} verificationId={id} />;
};

/** /order/:orderId/box/:boxId/verifications/:id/items: the EPCs it read. */
const PurchaseVerificationItemsPage = () => {
  const { orderId = '', boxId = '', id = '' } = useParams();
  return <VerificationItemsPage kind="purchase" orderId={orderId} boxId={boxId} verificationId={id} />;
};

/**
 * Inbound part B, spread by features/inbound/routes.tsx: provider detail, box verifications with
 * their report and EPCs (the shared pages of components/verification), provider returns
 * (/inbound/returns) and sale returns (/outbound/returns).
 */
export const inboundVerificationRoutes: RouteObject[] = [
  lazyRoute('/inbound/provider/:id/detail', () => import('../provider/provider-detail-page'), 'ProviderDetailPage'),
  { path: '/order/:orderId/box/:id/verifications', element: <PurchaseBoxVerificationsPage /> },
  { path: '/order/:orderId/box/:boxId/verifications/:id', element: <PurchaseVerificationReportPage /> },
  { path: '/order/:orderId/box/:boxId/verifications/:id/items', element: <PurchaseVerificationItemsPage /> },
  lazyRoute('/inbound/returns', () => import('../returns/provider-returns-page'), 'ProviderReturnsPage'),
  lazyRoute('/inbound/returns/:id/detail', () => import('../returns/provider-return-detail-page'), 'ProviderReturnDetailPage'),
  lazyRoute('/outbound/returns', () => import('../returns/sale-returns-page'), 'SaleReturnsPage'),
  lazyRoute('/outbound/returns/:id/detail', () => import('../returns/sale-return-detail-page'), 'SaleReturnDetailPage'),
];
