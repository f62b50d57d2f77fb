import type { RouteObject } from 'react-router';
import { movementsCreateRoutes } from './create/routes';
import { movementsDashboardRoutes } from './dashboard/routes';
import { movementsOrderRoutes } from './order/routes';
import { movementsVerificationRoutes } from './verification/routes';

/** Pages of the movements feature, mounted inside the signed-in layout (see app/router.tsx). */
export const movementsRoutes: RouteObject[] = [
  ...movementsDashboardRoutes,
  ...movementsCreateRoutes,
  ...movementsOrderRoutes,
  ...movementsVerificationRoutes,
];
