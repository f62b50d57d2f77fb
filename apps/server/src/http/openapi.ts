import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { errorBodySchema } from '@rfid/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAFE_METHODS } from './methods.js';

/**
 * The OpenAPI document true to every answer (issue 29, finding 6), once for every route rather than route by route:
 * - every operation behind the sign-in (plugins/auth.ts: all of /api/, /nms/ and /epcis/ but the public routes)
 *   documents 401; a public one says it needs no credentials (`security: []`);
 * - one limited to some roles or to a user's own token (`config.maxRole`, `config.userOnly`) documents 403, and so does
 *   every write (a read-only API key is refused it with 403);
 * - a 204 has no body (Fastify sends none), so it documents no content.
 */
const SIGNED_IN = /^\/(api|nms|epcis)(\/|$)/;

type RouteConfig = { public?: boolean; maxRole?: number; userOnly?: boolean } | undefined;

export const documentTransform: SwaggerTransform = ({ schema, url, route, ...document }) => {
  const config = route.config as RouteConfig;
  const methods = [route.method].flat();
  const isGuarded = SIGNED_IN.test(url) && !url.startsWith('/api/docs') && !config?.public;
  if (!isGuarded) {
    const open = SIGNED_IN.test(url) ? { ...schema, security: [] } : schema;
    return jsonSchemaTransform({ schema: open, url, route, ...document });
  }
  // A route that declares no answers (a file, a stream) still answers 200 as it documents nothing of.
  const declared: Record<string, unknown> = {
    ...((schema.response as Record<string, unknown> | undefined) ?? { 200: z.unknown() }),
  };
  declared[401] ??= errorBodySchema;
  const isLimited = config?.maxRole !== undefined || config?.userOnly === true || methods.some((m) => !SAFE_METHODS.has(m));
  if (isLimited) declared[403] ??= errorBodySchema;
  return jsonSchemaTransform({ schema: { ...schema, response: declared }, url, route, ...document });
};

type Operation = { responses?: Record<string, { content?: unknown }> };

export const documentTransformObject: SwaggerTransformObject = (documentObject) => {
  const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const noContent = operation.responses?.['204'];
      if (noContent) delete noContent.content;
    }
  }
  return document;
};
