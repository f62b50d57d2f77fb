import type { RouteObject } from 'react-router';
import { FreeScanDetailPage } from './free-scan-detail-page';
import { FreeScanListPage } from './free-scan-list-page';
import { TrackEpcPage } from './track-epc-page';

/** Pages of the tracking feature, mounted inside the signed-in layout (see app/router.tsx). */
export const trackingRoutes: RouteObject[] = [
  { path: '/track-epc/:epc?', element: <TrackEpcPage /> },
  { path: '/free-scan', element: <FreeScanListPage /> },
  { path: '/free-scan/:id/detail', element: <FreeScanDetailPage /> },
];
