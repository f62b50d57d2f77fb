import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const SupportPage = lazyPage(() => import('./support-page').then((m) => m.SupportPage));

/** Pages of the support feature, mounted inside the signed-in layout (see app/router.tsx). */
export const supportRoutes: RouteObject[] = [{ path: '/support', element: <SupportPage /> }];
