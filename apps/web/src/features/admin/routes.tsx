import type { RouteObject } from 'react-router';

/** Pages of the admin feature, mounted inside the signed-in layout (see app/router.tsx). */
export const adminRoutes: RouteObject[] = [];
