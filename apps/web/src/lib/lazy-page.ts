import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page loaded on first use, in its own chunk: `lazyPage(() => import('./x-page').then((m) => m.XPage))`.
 * The router's layouts hold the `<Suspense>` that shows while it loads (app/router.tsx, app/shell/layout.tsx).
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> =>
  lazy(async () => ({ default: await load() }));
