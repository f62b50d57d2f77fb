import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { ErrorPage } from '../../../components/error-page';
import { lazyPage } from '../../../lib/lazy-page';
import type { MovementSide } from '../../orders';

const BoxDetailPage = lazyPage(() => import('../../order-pages').then((m) => m.BoxDetailPage));
const OrderBoxesPage = lazyPage(() => import('../../order-pages').then((m) => m.OrderBoxesPage));
const OrderDetailPage = lazyPage(() => import('../../order-pages').then((m) => m.OrderDetailPage));
const OrderGtinPage = lazyPage(() => import('../../order-pages').then((m) => m.OrderGtinPage));

type MovementParams = { side: MovementSide; id: string; boxId: string; itemType: string };

/**
 * The side of a movement page (exit: the origin's view, entry: the destination's) from the URL;
 * any other side is the not-found page, as an unknown route is.
 */
const SidePage = ({ render }: { render: (params: MovementParams) => ReactNode }) => {
  const { side, id = '', boxId = '', itemType = '' } = useParams();
  if (side !== 'exit' && side !== 'entry') return <ErrorPage />;
  return render({ side, id, boxId, itemType });
};

/** movements: order pages of either side (spread by features/movements/routes.tsx); paths as in app/router.tsx's list. */
export const movementsOrderRoutes: RouteObject[] = [
  {
    path: '/movements/:side/order/:id/detail',
    element: <SidePage render={({ side, id }) => <OrderDetailPage kind={side} orderId={id} />} />,
  },
  {
    path: '/movements/:side/order/:id/boxes',
    element: <SidePage render={({ side, id }) => <OrderBoxesPage kind={side} orderId={id} />} />,
  },
  {
    path: '/movements/:side/order/:id/box/:boxId/detail',
    element: <SidePage render={({ side, id, boxId }) => <BoxDetailPage kind={side} orderId={id} boxId={boxId} />} />,
  },
  {
    path: '/movements/:side/order/:id/gtin/:itemType/detail',
    element: <SidePage render={({ side, id, itemType }) => <OrderGtinPage kind={side} orderId={id} itemType={itemType} />} />,
  },
];
