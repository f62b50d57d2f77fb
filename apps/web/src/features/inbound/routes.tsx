import type { RouteObject } from 'react-router';

/** Pages of the inbound feature, mounted inside the signed-in layout (see app/router.tsx). */
export const inboundRoutes: RouteObject[] = [];
