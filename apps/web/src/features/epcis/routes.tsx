import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the EPCIS feature (issue 27), mounted inside the signed-in layout (see app/router.tsx). */
export const epcisRoutes: RouteObject[] = [lazyRoute('/epcis', () => import('./epcis-page'), 'EpcisPage')];
