import type { RouteObject } from 'react-router';
import { BrandDashboardPage } from './brand-dashboard-page';

/** Pages of the brand feature, mounted inside the signed-in layout (see app/router.tsx). */
export const brandRoutes: RouteObject[] = [{ path: '/brand/dashboard', element: <BrandDashboardPage /> }];
