import type { RouteObject } from 'react-router';

/** Pages of the availability feature (the store floor, issue 26), mounted inside the signed-in layout (see app/router.tsx). */
export const availabilityRoutes: RouteObject[] = [];
