import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';

const OnlineDashboardPage = lazyPage(() => import('./online-dashboard-page').then((m) => m.OnlineDashboardPage));

/** online: dashboard pages (spread by features/online/routes.tsx). */
export const onlineDashboardRoutes: RouteObject[] = [{ path: '/online/', element: <OnlineDashboardPage /> }];
