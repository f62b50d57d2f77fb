import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const BrandDashboardPage = lazyPage(() => import('./brand-dashboard-page').then((m) => m.BrandDashboardPage));

/** Pages of the brand feature, mounted inside the signed-in layout (see app/router.tsx). */
export const brandRoutes: RouteObject[] = [{ path: '/brand/dashboard', element: <BrandDashboardPage /> }];
