import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';

const BoxVerificationsPage = lazyPage(() => import('../../verification').then((m) => m.BoxVerificationsPage));
const VerificationItemsPage = lazyPage(() => import('../../verification').then((m) => m.VerificationItemsPage));
const VerificationReportPage = lazyPage(() => import('../../verification').then((m) => m.VerificationReportPage));

/** /online/order/:orderId/boxes/:boxId/verifications/: an online box's verifications (origin side). */
const OnlineBoxVerificationsPage = () => {
  const { orderId = '', boxId = '' } = useParams();
  return <BoxVerificationsPage kind="online" orderId={orderId} boxId={boxId} />;
};

/** .../verifications/:id: the report per GTIN, with the online reading (above 100 → 0) beside the capped bar. */
const OnlineVerificationReportPage = () => {
  const { orderId = '', boxId = '', id = '' } = useParams();
  return <VerificationReportPage kind="online" orderId={orderId} boxId={boxId} verificationId={id} />;
};

/** .../verifications/:id/items: the EPCs it read. */
const OnlineVerificationItemsPage = () => {
  const { orderId = '', boxId = '', id = '' } = useParams();
  return <VerificationItemsPage kind="online" orderId={orderId} boxId={boxId} verificationId={id} />;
};

/** online: verification pages (spread by features/online/routes.tsx). */
export const onlineVerificationRoutes: RouteObject[] = [
  { path: '/online/order/:orderId/boxes/:boxId/verifications/', element: <OnlineBoxVerificationsPage /> },
  { path: '/online/order/:orderId/boxes/:boxId/verifications/:id', element: <OnlineVerificationReportPage /> },
  { path: '/online/order/:orderId/boxes/:boxId/verifications/:id/items', element: <OnlineVerificationItemsPage /> },
];
