import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** Where the audit log page lives (issue 29), in the administration. */
export const AUDIT_PATH = '/administrador/audit';

/** The audit log page (roles 1–2: the page tells the others, the API refuses them). */
export const auditRoutes: RouteObject[] = [lazyRoute(AUDIT_PATH, () => import('./audit-page'), 'AuditPage')];
