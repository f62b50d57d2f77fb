import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Pages of the webhooks feature (issue 27), mounted inside the signed-in layout (see app/router.tsx). */
export const webhooksRoutes: RouteObject[] = [
  lazyRoute('/administrador/webhooks', () => import('./webhooks-page'), 'WebhooksPage'),
];
