import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** The user's open sessions (issue 29), from the user menu: every role. */
export const sessionsRoutes: RouteObject[] = [lazyRoute('/account/sessions', () => import('./sessions-page'), 'SessionsPage')];
