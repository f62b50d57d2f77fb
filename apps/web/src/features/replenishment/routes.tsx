import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

const PickListPage = lazyPage(() => import('./pick-list-page').then((m) => m.PickListPage));

/** Pages of the replenishment feature (the store floor, issue 26), mounted inside the signed-in layout (see app/router.tsx). */
export const replenishmentRoutes: RouteObject[] = [{ path: '/replenishment', element: <PickListPage /> }];
