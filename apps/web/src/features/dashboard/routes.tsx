import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const ChartPage = lazyPage(() => import('./chart-page').then((m) => m.ChartPage));
const DashboardPage = lazyPage(() => import('./dashboard-page').then((m) => m.DashboardPage));

/** The dashboard, mounted inside the signed-in layout (see app/router.tsx). */
export const dashboardRoutes: RouteObject[] = [{ path: '/dashboard', element: <DashboardPage /> }];

/** The chart page: signed in, but full screen, outside the layout. */
export const chartRoutes: RouteObject[] = [{ path: '/chart', element: <ChartPage /> }];
