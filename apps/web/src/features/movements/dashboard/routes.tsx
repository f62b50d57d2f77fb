import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy-page';

/** movements: dashboard pages (spread by features/movements/routes.tsx). */
export const movementsDashboardRoutes: RouteObject[] = [
  lazyRoute('/movements/', () => import('./movements-page'), 'MovementsPage'),
  lazyRoute('/movements/exit/', () => import('./exit-dashboard-page'), 'ExitDashboardPage'),
  lazyRoute('/movements/entry/', () => import('./entry-dashboard-page'), 'EntryDashboardPage'),
];
