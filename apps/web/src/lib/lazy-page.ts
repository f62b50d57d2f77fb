import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import type { RouteObject } from 'react-router';

/**
 * A page loaded on first use, in its own chunk: `lazyPage(() => import('./x-page').then((m) => m.XPage))`.
 * The router's layouts hold the `<Suspense>` that shows while it loads (app/router.tsx, app/shell/layout.tsx).
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> =>
  lazy(async () => ({ default: await load() }));

/**
 * A route whose page loads on first use, in its own chunk: `lazyRoute('/stock', () => import('./stock-page'), 'StockPage')`
 * (the module's export `StockPage` as the route's element).
 */
export const lazyRoute = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  path: string,
  load: () => Promise<M>,
  name: K,
): RouteObject => {
  const Page = lazyPage((): Promise<ComponentType> => load().then((module) => module[name]));
  return { path, element: createElement(Page) };
};
