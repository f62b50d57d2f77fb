import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the brand feature, mounted inside the signed-in layout (see app/router.tsx). */
export const brandRoutes: RouteObject[] = [
  lazyRoute('/brand/dashboard', () => import('./brand-dashboard-page'), 'BrandDashboardPage'),
];
