import type { RouteObject } from 'react-router';

/** Pages of the online feature, mounted inside the signed-in layout (see app/router.tsx). */
export const onlineRoutes: RouteObject[] = [];
