import type { RouteObject } from 'react-router';

/** Pages of the pos feature, mounted inside the signed-in layout (see app/router.tsx). */
export const posRoutes: RouteObject[] = [];
