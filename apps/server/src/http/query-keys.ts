import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { validationError } from './errors.js';

/**
 * Unknown query parameters are refused (issue 29, finding 6): `/api/locations/?nonsense_filter=1` answered every row,
 * so a misspelt filter showed everything. A route's query schema is the list of what it takes, filters included; a key
 * it does not name is a 400 naming that key (`{"nonsense_filter": ["Unknown filter."]}`), before anything else is
 * checked. A route that declares no query takes none. Checked once, for every route under /api/, /nms/ and /epcis/, by
 * `refuseUnknownQueryKeys` (app.ts), so no route can forget it.
 */
export const UNKNOWN_FILTER = 'common.unknown_filter';

/** The keys a Zod query schema names (its object's shape, through wrappers, pipes, unions and intersections). */
export const queryKeysOf = (schema: unknown): Set<string> | undefined => {
  if (!(schema instanceof z.ZodType)) return undefined;
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return queryKeysOf(schema.in);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return queryKeysOf(schema.unwrap());
  }
  if (schema instanceof z.ZodIntersection) {
    const [left, right] = [queryKeysOf(schema.def.left), queryKeysOf(schema.def.right)];
    return left && right ? new Set([...left, ...right]) : undefined;
  }
  if (schema instanceof z.ZodUnion) {
    const sets = schema.options.map(queryKeysOf);
    return sets.every((set) => set !== undefined) ? new Set(sets.flatMap((set) => [...(set ?? [])])) : undefined;
  }
  return undefined;
};

/**
 * Parameters a route takes besides its schema's: the live stream's one-time `ticket` (read by the sign-in code before
 * the route's schema is looked at; issue 29, sessions).
 */
const ROUTE_EXTRAS: Readonly<Record<string, readonly string[]>> = { '/api/events/stream': ['ticket'] };

/** Routes whose query is checked: the API's (the web app's files and client-side routes take what they like). */
const isApiRoute = (url: string): boolean => /^\/(api|nms|epcis)(\/|$)/.test(url);

/** The check of one route: every key of the query string is one its schema names. */
export const unknownQueryCheck =
  (known: ReadonlySet<string>): preValidationHookHandler =>
  (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const query = request.query;
    if (query === null || typeof query !== 'object') return done();
    const unknown = Object.keys(query).filter((key) => !known.has(key));
    if (unknown.length) return done(validationError(Object.fromEntries(unknown.map((key) => [key, [UNKNOWN_FILTER]]))));
    done();
  };

/**
 * Adds the check to every API route registered after this call. A route whose query schema is not one `queryKeysOf`
 * can read (none today) is left unchecked rather than refusing its every parameter.
 */
export const refuseUnknownQueryKeys = (app: FastifyInstance): void => {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url)) return;
    const schema = (route.schema as { querystring?: unknown } | undefined)?.querystring;
    const known = schema === undefined ? new Set<string>() : queryKeysOf(schema);
    if (!known) return;
    const check = unknownQueryCheck(new Set([...known, ...(ROUTE_EXTRAS[route.url] ?? [])]));
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [check] : [check, ...(Array.isArray(existing) ? existing : [existing])];
  });
};
