import type { RouteObject } from 'react-router';

/** Pages of the tracking feature, mounted inside the signed-in layout (see app/router.tsx). */
export const trackingRoutes: RouteObject[] = [];
