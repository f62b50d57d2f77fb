import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const LoginPage = lazyPage(() => import('./login-page').then((m) => m.LoginPage));

/** The sign-in page, outside the signed-in layout (see app/router.tsx). */
export const authRoutes: RouteObject[] = [{ path: '/login', element: <LoginPage /> }];
