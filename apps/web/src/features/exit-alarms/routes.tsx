import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the exit-alarms feature (the store floor, issue 26), mounted inside the signed-in layout (see app/router.tsx). */
export const exitAlarmsRoutes: RouteObject[] = [lazyRoute('/exit-alarms', () => import('./exit-alarms-page'), 'ExitAlarmsPage')];
