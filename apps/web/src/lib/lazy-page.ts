import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import type { RouteObject } from 'react-router';
import i18n from './i18n';

/**
 * A page loaded on first use, in its own chunk: `lazyPage(() => import('./x-page').then((m) => m.XPage))`.
 * The router's layouts hold the `<Suspense>` that shows while it loads (app/router.tsx, app/shell/layout.tsx).
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> =>
  lazy(async () => ({ default: await load() }));

export type LazyRouteOptions = {
  /** Translation namespaces the page reads, loaded beside its code instead of after it (lib/i18n.ts). */
  namespaces?: string[];
  /**
   * Starts the page's first data when the route is entered, beside its code: e.g. `queryClient.prefetchQuery(…)` of
   * what the page shows first. Not awaited: the page shows as soon as its code is in, its queries find the data on
   * the way.
   */
  prefetch?: () => void;
};

/**
 * A route whose page loads on first use, in its own chunk: `lazyRoute('/stock', () => import('./stock-page'), 'StockPage')`
 * (the module's export `StockPage` as the route's element). Its code, translations and `prefetch`ed data are
 * requested together when the route is entered (the route's loader), not one after the other.
 */
export const lazyRoute = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  path: string,
  load: () => Promise<M>,
  name: K,
  { namespaces = [], prefetch }: LazyRouteOptions = {},
): RouteObject => {
  const loadPage = (): Promise<ComponentType> =>
    Promise.all([load(), i18n.loadNamespaces(namespaces)]).then(([module]) => module[name]);
  const Page = lazyPage(loadPage);
  return {
    path,
    element: createElement(Page),
    loader: () => {
      // The chunk's request starts here, with the data's; the page's `lazy` gets the same module when it renders.
      void loadPage().catch(() => undefined);
      prefetch?.();
      return null;
    },
  };
};
