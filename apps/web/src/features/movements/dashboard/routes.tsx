import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';

const EntryDashboardPage = lazyPage(() => import('./entry-dashboard-page').then((m) => m.EntryDashboardPage));
const ExitDashboardPage = lazyPage(() => import('./exit-dashboard-page').then((m) => m.ExitDashboardPage));
const MovementsPage = lazyPage(() => import('./movements-page').then((m) => m.MovementsPage));

/** movements: dashboard pages (spread by features/movements/routes.tsx). */
export const movementsDashboardRoutes: RouteObject[] = [
  { path: '/movements/', element: <MovementsPage /> },
  { path: '/movements/exit/', element: <ExitDashboardPage /> },
  { path: '/movements/entry/', element: <EntryDashboardPage /> },
];
