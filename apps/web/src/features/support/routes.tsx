import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the support feature, mounted inside the signed-in layout (see app/router.tsx). */
export const supportRoutes: RouteObject[] = [lazyRoute('/support', () => import('./support-page'), 'SupportPage')];
