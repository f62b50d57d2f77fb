import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { BoxVerificationsPage } from '../../verification/box-verifications-page';
import { VerificationItemsPage } from '../../verification/verification-items-page';
import { VerificationReportPage } from '../../verification/verification-report-page';
import { ProviderDetailPage } from '../provider/provider-detail-page';
import { ProviderReturnDetailPage } from '../returns/provider-return-detail-page';
import { ProviderReturnsPage } from '../returns/provider-returns-page';
import { SaleReturnDetailPage } from '../returns/sale-return-detail-page';
import { SaleReturnsPage } from '../returns/sale-returns-page';

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
