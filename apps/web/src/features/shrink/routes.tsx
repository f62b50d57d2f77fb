import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the shrink feature (the store floor, issue 26), mounted inside the signed-in layout (see app/router.tsx). */
export const shrinkRoutes: RouteObject[] = [
  lazyRoute('/shrink', () => import('./shrink-page'), 'ShrinkPage', { namespaces: ['shrink'] }),
];
