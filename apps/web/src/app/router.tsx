import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { PageLoading } from '../components/page-loading';
import { identityQueryOptions } from '../features/auth/api/get-identity';
import { authRoutes } from '../features/auth/routes';
import { chartRoutes, dashboardRoutes } from '../features/dashboard/routes';
import { handheldRoutes } from '../features/handheld';
import { defaultLocationQueryOptions } from '../features/locations/api/get-default-location';
import { ssoPublicRoutes } from '../features/sso';
import { ALL_NAMESPACES, default as i18n } from '../lib/i18n';
import { PRODUCT } from '../lib/product';
import { queryClient } from '../lib/query-client';
import { isAuthenticated, readLocation } from '../lib/storage';
import { featureRoutes } from './feature-routes';
import { firstPageNamespaces } from './first-pages';
import { ComingSoonPage, LegalPage } from './pages';

/**
 * The signed-in shell (header, menu, footer) is its own chunk: the login page does not load it. The router shows it
 * once its code and the translations are in, so that it renders complete at once (lib/lazy-page.ts's `lazyRoute`):
 * every namespace (the shell's pages read each other's), or, for one of the pages a phone opens first, only the
 * shell's and that page's (app/first-pages.ts; the rest follow once it is idle, issue 30).
 */
const loadLayout = async () => {
  const namespaces = firstPageNamespaces(window.location.pathname) ?? ALL_NAMESPACES;
  const [module] = await Promise.all([import('./shell/layout'), i18n.loadNamespaces(namespaces)]);
  return { Component: module.Layout };
};

/** Whether the first page is in (the router's first navigation done): set by the router's subscription below. */
let isFirstPageIn = false;

/**
 * A signed-in page entered after the first one waits for every namespace too (they are loading, or in, since the first
 * page was idle): it shows complete, as the first page does.
 */
const withAllTexts = (route: RouteObject): RouteObject => {
  const { lazy } = route;
  const wrapped: RouteObject =
    typeof lazy === 'function'
      ? {
          ...route,
          lazy: async () => {
            const [loaded] = await Promise.all([lazy(), isFirstPageIn ? i18n.loadNamespaces(ALL_NAMESPACES) : undefined]);
            return loaded;
          },
        }
      : route;
  return wrapped.index || !wrapped.children ? wrapped : { ...wrapped, children: wrapped.children.map(withAllTexts) };
};

/**
 * Entering any signed-in page starts, side by side, the shell's code and translations (its route's `lazy`), the
 * identity it waits for and, when no location is chosen yet, the user's default one; the page's own route starts its
 * code and data.
 */
const loadSignedIn = () => {
  if (!isAuthenticated()) return null;
  void queryClient.prefetchQuery(identityQueryOptions());
  if (!readLocation()) void queryClient.prefetchQuery(defaultLocationQueryOptions());
  return null;
};

/** Any route that needs login redirects to /login when not authenticated. */
const RequireAuth = () => {
  const location = useLocation();
  if (!isAuthenticated()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
};

const soon = (path: string) => ({ path, element: <ComingSoonPage /> });
const printer = `/${PRODUCT}-printer`;

/** Every route of the spec; unbuilt ones show "coming soon". */
const unbuiltRoutes = [
  '/alarm',
  '/support',
  '/track-epc/:epc?',
  '/free-scan',
  '/free-scan/:id/detail',
  '/brand/dashboard',
  '/stock',
  '/epc-stock',
  '/minstock/:gtin/edit',
  '/administrador/locations/',
  '/administrador/locations/add',
  '/administrador/locations/:id/edit',
  '/administrador/devices',
  '/administrador/devices/add',
  '/administrador/devices/:id/edit',
  '/administrador/areas/add',
  '/administrador/areas/:id/edit',
  '/administrador/visualizers/locations',
  '/administrador/visualizers/add',
  '/administrador/visualizers/add_company_user',
  '/administrador/visualizers/:id/edit',
  `${printer}/all`,
  `${printer}/add`,
  `${printer}/:id/upload`,
  `${printer}/:id/edit`,
  `${printer}/orders`,
  `${printer}/orders/add`,
  `${printer}/orders/add-manual`,
  `${printer}/impresions`,
  `${printer}/production`,
  `${printer}/print/:id/contents`,
  `${printer}/print/:id/detail`,
  '/inbound/',
  '/inbound/returns',
  '/inbound/returns/:id/detail',
  '/inbound/order/add',
  '/inbound/order/:id/detail',
  '/inbound/order/:id/boxes',
  '/inbound/order/:orderId/box/:id/detail',
  '/inbound/order/:orderId/gtin/:itemType/detail',
  '/inbound/provider/:id/detail',
  '/order/:orderId/box/:boxId/verifications',
  '/order/:orderId/box/:boxId/verifications/:verificationId',
  '/order/:orderId/box/:boxId/verifications/:verificationId/items',
  '/online/',
  '/online/order/add',
  '/online/order/:id/detail',
  '/online/order/:id/boxes/',
  '/online/order/:orderId/box/:id/detail',
  '/online/order/:orderId/gtin/:itemType/detail',
  '/online/order/:orderId/boxes/:boxId/verifications/',
  '/online/order/:orderId/boxes/:boxId/verifications/:verificationId',
  '/online/order/:orderId/boxes/:boxId/verifications/:verificationId/items',
  '/outbound/returns',
  '/outbound/returns/:id/detail',
  '/movements/',
  '/movements/exit/',
  '/movements/entry/',
  '/movements/order/add',
  '/movements/:side/order/:id/detail',
  '/movements/:side/order/:id/boxes',
  '/movements/:side/order/:id/box/:boxId/detail',
  '/movements/:side/order/:id/gtin/:itemType/detail',
  '/movements/:side/order/:orderId/box/:boxId/verifications',
  '/movements/:side/order/:orderId/box/:boxId/verifications/:verificationId',
  '/movements/:side/order/:orderId/box/:boxId/verifications/:verificationId/items',
  '/inventory/',
  '/inventory/:id/detail',
  '/inventory/:id/detail-items',
  '/inventory/stocks',
  '/inventory/stocks/:gtin/gtin',
  '/inventory/boxstocks',
  '/inventory/upload_csv/',
  '/pos',
  '/pos/:id',
  '/pos/exits',
  '/pos/exits/:id',
];

const builtPaths = new Set(featureRoutes.map((route) => route.path));

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to={isAuthenticated() ? '/dashboard' : '/login'} replace /> },
  ...authRoutes,
  ...ssoPublicRoutes,
  ...chartRoutes,
  {
    element: <RequireAuth />,
    errorElement: <ErrorPage />,
    // While the first page's code loads: nothing over the login card boot.ts drew, a spinner otherwise.
    hydrateFallbackElement: <PageLoading full />,
    loader: loadSignedIn,
    children: [
      // The store's handheld app (issue 32): its own frame, which opens offline; not the shell.
      ...handheldRoutes,
      {
        lazy: loadLayout,
        children: [
          ...dashboardRoutes.map(withAllTexts),
          { path: '/legal', element: <LegalPage /> },
          ...featureRoutes.map(withAllTexts),
          ...unbuiltRoutes.filter((path) => !builtPaths.has(path)).map(soon),
          { path: '*', element: <ErrorPage /> },
        ],
      },
    ],
  },
]);
router.subscribe((state) => {
  if (state.initialized) isFirstPageIn = true;
});
