import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';

const BoxVerificationsPage = lazyPage(() => import('../../verification').then((m) => m.BoxVerificationsPage));
const VerificationItemsPage = lazyPage(() => import('../../verification').then((m) => m.VerificationItemsPage));
const VerificationReportPage = lazyPage(() => import('../../verification').then((m) => m.VerificationReportPage));
const ProviderDetailPage = lazyPage(() => import('../provider/provider-detail-page').then((m) => m.ProviderDetailPage));
const ProviderReturnDetailPage = lazyPage(() =>
  import('../returns/provider-return-detail-page').then((m) => m.ProviderReturnDetailPage),
);
const ProviderReturnsPage = lazyPage(() => import('../returns/provider-returns-page').then((m) => m.ProviderReturnsPage));
const SaleReturnDetailPage = lazyPage(() => import('../returns/sale-return-detail-page').then((m) => m.SaleReturnDetailPage));
const SaleReturnsPage = lazyPage(() => import('../returns/sale-returns-page').then((m) => m.SaleReturnsPage));

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
  { path: '/inbound/provider/:id/detail', element: <ProviderDetailPage /> },
  { path: '/order/:orderId/box/:id/verifications', element: <PurchaseBoxVerificationsPage /> },
  { path: '/order/:orderId/box/:boxId/verifications/:id', element: <PurchaseVerificationReportPage /> },
  { path: '/order/:orderId/box/:boxId/verifications/:id/items', element: <PurchaseVerificationItemsPage /> },
  { path: '/inbound/returns', element: <ProviderReturnsPage /> },
  { path: '/inbound/returns/:id/detail', element: <ProviderReturnDetailPage /> },
  { path: '/outbound/returns', element: <SaleReturnsPage /> },
  { path: '/outbound/returns/:id/detail', element: <SaleReturnDetailPage /> },
];
