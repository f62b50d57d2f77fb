import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** The sign-in page, outside the signed-in layout (see app/router.tsx): its code and texts load together. */
export const authRoutes: RouteObject[] = [
  lazyRoute('/login', () => import('./login-page'), 'LoginPage', { namespaces: ['auth'] }),
];
