import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** /login/sso: back from the company's provider, outside the signed-in layout (app/router.tsx, beside /login). */
export const ssoPublicRoutes: RouteObject[] = [
  lazyRoute('/login/sso', () => import('./sso-callback-page'), 'SsoCallbackPage', { namespaces: ['sso'] }),
];

/** The company sign-in's administration (role 1), in the administration menu. */
export const ssoRoutes: RouteObject[] = [
  lazyRoute('/administrador/sso', () => import('./sso-admin-page'), 'SsoAdminPage', { namespaces: ['sso'] }),
  { path: '/admin/sso', element: createElement(Navigate, { to: '/administrador/sso', replace: true }) },
];
