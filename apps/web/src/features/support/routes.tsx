import type { RouteObject } from 'react-router';
import { SupportPage } from './support-page';

/** Pages of the support feature, mounted inside the signed-in layout (see app/router.tsx). */
export const supportRoutes: RouteObject[] = [{ path: '/support', element: <SupportPage /> }];
