import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

const namespaces = ['availability'];

/** Pages of the availability feature (the store floor, issue 26), mounted inside the signed-in layout (see app/router.tsx). */
export const availabilityRoutes: RouteObject[] = [
  lazyRoute('/availability', () => import('./availability-page'), 'AvailabilityPage', { namespaces }),
  lazyRoute('/find-item', () => import('./find-item-page'), 'FindItemPage', { namespaces }),
  lazyRoute('/find-item/locate/:epc', () => import('./locate-page'), 'LocatePage', { namespaces }),
];
