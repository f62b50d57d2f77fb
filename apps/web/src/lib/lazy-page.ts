import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
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
 * (the module's export `StockPage` as the route's component). Its code, translations and `prefetch`ed data are
 * requested together when the route is entered (the router's `lazy`, beside the route's loader), not one after the
 * other. The router shows the route once its code and translations are in: the page renders at once, complete, with no
 * loading fallback in between (issue 15, LCP: React holds a Suspense boundary's content until 300 ms after its
 * fallback showed, so each fallback on the way to a page's first screen could cost that much).
 */
export const lazyRoute = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  path: string,
  load: () => Promise<M>,
  name: K,
  { namespaces = [], prefetch }: LazyRouteOptions = {},
): RouteObject => ({
  path,
  lazy: async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: module[name] };
  },
  loader: () => {
    prefetch?.();
    return null;
  },
  // A page opened first, outside the signed-in routes (the login page): what shows while its code loads.
  hydrateFallbackElement: createElement(PageLoading, { full: true }),
});
