import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy-page';

/** online: dashboard pages (spread by features/online/routes.tsx). */
export const onlineDashboardRoutes: RouteObject[] = [
  lazyRoute('/online/', () => import('./online-dashboard-page'), 'OnlineDashboardPage'),
];
