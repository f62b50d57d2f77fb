import type { RouteObject } from 'react-router';

/** Pages of the exit-alarms feature (the store floor, issue 26), mounted inside the signed-in layout (see app/router.tsx). */
export const exitAlarmsRoutes: RouteObject[] = [];
