import { AuditAction } from '@rfid/contract';

/**
 * What an audited write was about, from its route pattern (issue 29): the entity is the route's first fixed segment
 * after /api, /nms or /epcis (`/api/readers/:id/` → `readers`, `/nms/deviceapp/:id/start/` → `deviceapp`); the action
 * is the method's (POST to a collection: create; PUT, PATCH: update; DELETE: delete) or `action` for a POST on a
 * sub-path (`/api/orders/:id/close/`); the entity id is the route's `id` parameter (else its first), else the answer's id.
 */
export const SIGN_IN_ENTITY = 'session';

const segmentsOf = (route: string): string[] =>
  route
    .replace(/^\/(api|nms|epcis)(?=\/|$)/, '')
    .split('/')
    .filter((s) => s !== '');

export const entityOf = (route: string): string => segmentsOf(route).find((s) => !s.startsWith(':')) ?? 'root';

export const actionOf = (method: string, route: string): AuditAction => {
  if (method === 'DELETE') return AuditAction.Delete;
  if (method === 'PUT' || method === 'PATCH') return AuditAction.Update;
  const segments = segmentsOf(route);
  return segments.length === 1 && !segments[0]?.startsWith(':') ? AuditAction.Create : AuditAction.Action;
};

/** The entity's id: the `id` path parameter, else the route's first parameter, else the answer's `id`; null when none. */
export const entityIdOf = (params: unknown, route: string, answer: unknown): string | null => {
  const values = params !== null && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  const first = segmentsOf(route)
    .find((s) => s.startsWith(':'))
    ?.slice(1);
  const fromPath = values.id ?? (first === undefined ? undefined : values[first]);
  if (typeof fromPath === 'string' || typeof fromPath === 'number') return String(fromPath);
  const fromAnswer = answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>).id : undefined;
  return typeof fromAnswer === 'string' || typeof fromAnswer === 'number' ? String(fromAnswer) : null;
};

/** Whether a write under this path is one the log records at all: the API, the device management service, EPCIS. */
export const isAuditedPath = (path: string): boolean => /^\/(api|nms|epcis)\//.test(path) && !path.startsWith('/api/docs');

/** Sign-in routes (public POSTs): the password sign-in and the second steps other modules add under /api/auth…. */
export const isSignInRoute = (route: string): boolean => route === '/api/authtoken/' || /^\/api\/auth[/_]/.test(route);
