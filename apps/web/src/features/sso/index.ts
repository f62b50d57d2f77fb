/** The public face of single sign-on (issue 29): routes mounted by app/router.tsx and app/feature-routes.ts. */
export { ssoPublicRoutes, ssoRoutes } from './routes';
export { SsoLoginLink } from './sso-login-link';
