import type { RouteObject } from 'react-router';

/** Pages of the movements feature, mounted inside the signed-in layout (see app/router.tsx). */
export const movementsRoutes: RouteObject[] = [];
