import type { RouteObject } from 'react-router';
import { onlineCreateRoutes } from './create/routes';
import { onlineDashboardRoutes } from './dashboard/routes';
import { onlineOrderRoutes } from './order/routes';
import { onlineVerificationRoutes } from './verification/routes';

/** Pages of the online feature, mounted inside the signed-in layout (see app/router.tsx). */
export const onlineRoutes: RouteObject[] = [
  ...onlineDashboardRoutes,
  ...onlineCreateRoutes,
  ...onlineOrderRoutes,
  ...onlineVerificationRoutes,
];
