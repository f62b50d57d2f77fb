import type { RouteObject } from 'react-router';

/** Pages of the replenishment feature (the store floor, issue 26), mounted inside the signed-in layout (see app/router.tsx). */
export const replenishmentRoutes: RouteObject[] = [];
