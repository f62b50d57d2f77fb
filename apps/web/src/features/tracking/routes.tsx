import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const FreeScanDetailPage = lazyPage(() => import('./free-scan-detail-page').then((m) => m.FreeScanDetailPage));
const FreeScanListPage = lazyPage(() => import('./free-scan-list-page').then((m) => m.FreeScanListPage));
const TrackEpcPage = lazyPage(() => import('./track-epc-page').then((m) => m.TrackEpcPage));

/** Pages of the tracking feature, mounted inside the signed-in layout (see app/router.tsx). */
export const trackingRoutes: RouteObject[] = [
  { path: '/track-epc/:epc?', element: <TrackEpcPage /> },
  { path: '/free-scan', element: <FreeScanListPage /> },
  { path: '/free-scan/:id/detail', element: <FreeScanDetailPage /> },
];
