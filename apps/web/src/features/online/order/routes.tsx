import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';

const BoxDetailPage = lazyPage(() => import('../../order-pages').then((m) => m.BoxDetailPage));
const OrderBoxesPage = lazyPage(() => import('../../order-pages').then((m) => m.OrderBoxesPage));
const OrderDetailPage = lazyPage(() => import('../../order-pages').then((m) => m.OrderDetailPage));
const OrderGtinPage = lazyPage(() => import('../../order-pages').then((m) => m.OrderGtinPage));

/** /online/order/:id/detail: the order's GTIN lines with the completion bar and the online reading. */
const OnlineOrderDetailPage = () => <OrderDetailPage kind="online" orderId={useParams().id ?? ''} />;

/** /online/order/:id/boxes/: the order's boxes, each with a delete icon (roles 1 to 3). */
const OnlineOrderBoxesPage = () => <OrderBoxesPage kind="online" orderId={useParams().id ?? ''} />;

/** /online/order/:orderId/box/:id/detail: a box, its online reading and its lines. */
const OnlineBoxDetailPage = () => {
  const { orderId = '', id = '' } = useParams();
  return <BoxDetailPage kind="online" orderId={orderId} boxId={id} />;
};

/** /online/order/:orderId/gtin/:itemType/detail: a GTIN in the order. */
const OnlineOrderGtinPage = () => {
  const { orderId = '', itemType = '' } = useParams();
  return <OrderGtinPage kind="online" orderId={orderId} itemType={itemType} />;
};

/** online: order pages (spread by features/online/routes.tsx); the paths are those of app/router.tsx's list. */
export const onlineOrderRoutes: RouteObject[] = [
  { path: '/online/order/:id/detail', element: <OnlineOrderDetailPage /> },
  { path: '/online/order/:id/boxes/', element: <OnlineOrderBoxesPage /> },
  { path: '/online/order/:orderId/box/:id/detail', element: <OnlineBoxDetailPage /> },
  { path: '/online/order/:orderId/gtin/:itemType/detail', element: <OnlineOrderGtinPage /> },
];
