import type { RouteObject } from 'react-router';
import { OnlineDashboardPage } from './online-dashboard-page';

/** online: dashboard pages (spread by features/online/routes.tsx). */
export const onlineDashboardRoutes: RouteObject[] = [{ path: '/online/', element: <OnlineDashboardPage /> }];
