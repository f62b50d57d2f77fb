import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';
import { queryClient } from '../../lib/query-client';
import { isAuthenticated, readLocation } from '../../lib/storage';
import { statisticsQueryOptions } from './api/get-statistics';

/** The dashboard's figures of the current location (or company) start loading with the page's code. */
const prefetchStatistics = () => {
  const location = readLocation();
  if (location && isAuthenticated())
    void queryClient.prefetchQuery(statisticsQueryOptions({ kind: location.kind ?? 'location', id: location.id }));
};

/** The dashboard, mounted inside the signed-in layout (see app/router.tsx). */
export const dashboardRoutes: RouteObject[] = [
  lazyRoute('/dashboard', () => import('./dashboard-page'), 'DashboardPage', { prefetch: prefetchStatistics }),
];

/** The chart page: signed in, but full screen, outside the layout. */
export const chartRoutes: RouteObject[] = [lazyRoute('/chart', () => import('./chart-page'), 'ChartPage')];
