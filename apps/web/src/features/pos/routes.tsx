import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const PosDetailPage = lazyPage(() => import('./pos-detail-page').then((m) => m.PosDetailPage));
const PosListPage = lazyPage(() => import('./pos-list-page').then((m) => m.PosListPage));

/** Pages of the pos feature, mounted inside the signed-in layout (see app/router.tsx). */
export const posRoutes: RouteObject[] = [
  { path: '/pos', element: <PosListPage kind="return" key="return" /> },
  { path: '/pos/exits', element: <PosListPage kind="sale" key="sale" /> },
  { path: '/pos/exits/:id', element: <PosDetailPage kind="sale" key="sale" /> },
  { path: '/pos/:id', element: <PosDetailPage kind="return" key="return" /> },
];
