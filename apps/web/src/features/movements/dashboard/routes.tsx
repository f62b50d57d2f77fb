import type { RouteObject } from 'react-router';
import { EntryDashboardPage } from './entry-dashboard-page';
import { ExitDashboardPage } from './exit-dashboard-page';
import { MovementsPage } from './movements-page';

/** movements: dashboard pages (spread by features/movements/routes.tsx). */
export const movementsDashboardRoutes: RouteObject[] = [
  { path: '/movements/', element: <MovementsPage /> },
  { path: '/movements/exit/', element: <ExitDashboardPage /> },
  { path: '/movements/entry/', element: <EntryDashboardPage /> },
];
