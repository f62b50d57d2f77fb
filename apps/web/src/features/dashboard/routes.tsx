import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** The dashboard, mounted inside the signed-in layout (see app/router.tsx). */
export const dashboardRoutes: RouteObject[] = [lazyRoute('/dashboard', () => import('./dashboard-page'), 'DashboardPage')];

/** The chart page: signed in, but full screen, outside the layout. */
export const chartRoutes: RouteObject[] = [lazyRoute('/chart', () => import('./chart-page'), 'ChartPage')];
