import { idParamSchema, ifMatchHeaderSchema } from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuthUser, currentUser } from '../plugins/auth.js';
import type { Declarer, RouteDecl, ZodApp } from './route.js';
import { expectedVersion, withVersionTag } from './versions.js';

/** What every versioned edit's summary ends with (docs/concurrency.md). */
const EDIT_VERSION_RULE =
  'If-Match or `version`: the version it was made from; an older one answers 409 and changes nothing (none: ' +
  'unconditional). ETag: the new version';

/** What every versioned delete's summary ends with. */
const DELETE_VERSION_RULE = 'If-Match: the version it was asked from (an older one answers 409)';

/** One versioned edit route (`PUT url/:id/`): as `route` takes it, with the body it reads and the record it answers. */
export type VersionedEditDecl<B extends z.ZodType, R extends z.ZodType> = {
  /** What the edit does; the summary goes on with EDIT_VERSION_RULE. */
  summary: string;
  maxRole?: number;
  errors?: RouteDecl['errors'];
  body: B;
  ok: R;
};

/** What the edit of a versioned route gets: the user, the record's id, the body and the version it was made from. */
export type VersionedEdit<B extends z.ZodType> = {
  user: AuthUser;
  id: number;
  body: z.output<B>;
  version: number | undefined;
};

/**
 * The versioned edit routes of a module (docs/concurrency.md): `putVersioned(url, { summary, maxRole, body, ok }, edit)`
 * declares `PUT url` (`:id` path parameter, `If-Match` header) answering the record `edit` gives with its version as ETag.
 */
export const versionedPutter =
  (app: ZodApp, route: Declarer) =>
  <B extends z.ZodType<{ version?: number | undefined }>, R extends z.ZodType>(
    url: string,
    decl: VersionedEditDecl<B, R>,
    edit: (input: VersionedEdit<B>) => Promise<z.input<R> & { version: number }>,
  ): void => {
    const { summary, maxRole, errors, body, ok } = decl;
    const options = route({
      maxRole,
      summary: `${summary} ${EDIT_VERSION_RULE}`,
      params: idParamSchema,
      headers: ifMatchHeaderSchema,
      body,
      ok,
      errors,
    });
    app.put(url, options, async (request: FastifyRequest, reply) => {
      // Fastify has validated the parameters and the body against these very schemas before the handler runs.
      const { params, body: input } = request as unknown as { params: z.output<typeof idParamSchema>; body: z.output<B> };
      const version = expectedVersion(request, input.version);
      return withVersionTag(reply, await edit({ user: currentUser(request), id: params.id, body: input, version }));
    });
  };

/** One versioned delete route (`DELETE url/:id/`, 204): as `route` takes it; the summary goes on with DELETE_VERSION_RULE. */
export type VersionedDeleteDecl = { summary: string; maxRole?: number; errors?: RouteDecl['errors'] };

/**
 * The versioned delete routes of a module: `deleteVersioned(url, { summary, maxRole }, remove)` declares `DELETE url`
 * (`:id` path parameter, `If-Match` header: the version it was asked from) answering 204 once `remove` is done.
 */
export const versionedDeleter =
  (app: ZodApp, route: Declarer) =>
  (
    url: string,
    decl: VersionedDeleteDecl,
    remove: (input: Omit<VersionedEdit<z.ZodNever>, 'body'>) => Promise<unknown>,
  ): void => {
    const { summary, maxRole, errors } = decl;
    const options = route({
      maxRole,
      summary: `${summary}; ${DELETE_VERSION_RULE}`,
      params: idParamSchema,
      headers: ifMatchHeaderSchema,
      noContent: true,
      errors,
    });
    app.delete(url, options, async (request: FastifyRequest, reply) => {
      // Fastify has validated the parameters against idParamSchema before the handler runs.
      const { params } = request as unknown as { params: z.output<typeof idParamSchema> };
      await remove({ user: currentUser(request), id: params.id, version: expectedVersion(request) });
      return reply.status(204).send(null);
    });
  };
