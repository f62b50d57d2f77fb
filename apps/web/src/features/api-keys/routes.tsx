import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** The API keys page (issue 27), in the administration (roles 1–2: the page tells the others, the API refuses them). */
export const apiKeysRoutes: RouteObject[] = [
  lazyRoute('/administrador/api-keys', () => import('./api-keys-page'), 'ApiKeysPage'),
];
