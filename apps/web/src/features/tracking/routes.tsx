import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the tracking feature, mounted inside the signed-in layout (see app/router.tsx). */
export const trackingRoutes: RouteObject[] = [
  lazyRoute('/track-epc/:epc?', () => import('./track-epc-page'), 'TrackEpcPage'),
  lazyRoute('/free-scan', () => import('./free-scan-list-page'), 'FreeScanListPage'),
  lazyRoute('/free-scan/:id/detail', () => import('./free-scan-detail-page'), 'FreeScanDetailPage'),
];
