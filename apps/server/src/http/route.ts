import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from './route-schemas.js';

/** A module's Fastify instance with the Zod type provider (what a route plugin gets). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The request schemas a route may declare (validated and typed by fastify-type-provider-zod). */
type RequestSchemas = { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType; headers?: z.ZodType };

/** The answers a route declares, by status. */
type Responses = Record<number, z.ZodType>;

/**
 * One route's declaration: its summary, its role limit (`config.maxRole`), its request schemas and its answers.
 * The answers are `ok` (200), `created` (201), `accepted` (202) or `noContent` (204, an empty body), plus the
 * declarer's error answers (or `errors`, when the route declares others); `response` names every answer itself,
 * for the routes that fit neither. A route with none of these declares no answers (a file download).
 */
export type RouteDecl = RequestSchemas & {
  summary?: string;
  maxRole?: number;
  /** Only a user's own session: an API key is refused (403; plugins/auth.ts). */
  userOnly?: true;
  /** No sign-in asked (plugins/auth.ts): the sign-in routes themselves and what checks its own key. */
  public?: true;
  ok?: z.ZodType;
  created?: z.ZodType;
  accepted?: z.ZodType;
  noContent?: true;
  errors?: Responses;
  response?: Responses;
  consumes?: string[];
};

type SuccessOf<D> = D extends { created: infer C }
  ? { 201: C }
  : D extends { accepted: infer A }
    ? { 202: A }
    : D extends { ok: infer O }
      ? { 200: O }
      : D extends { noContent: true }
        ? { 204: z.ZodNull }
        : undefined;
type ErrorsOf<D, E> = D extends { errors: infer X } ? X : E;
type ResponseOf<D, E> = D extends { response: infer R }
  ? R
  : SuccessOf<D> extends undefined
    ? undefined
    : SuccessOf<D> & ErrorsOf<D, E>;

/** What a route tells the auth plugin (plugins/auth.ts): its role limit, session only, no sign-in. */
type RouteConfig = { maxRole?: number; userOnly?: true; public?: true };

/** The route options Fastify gets: the schema keeps each request schema's own type, so handlers stay typed. */
export type RouteOptions<D extends RouteDecl, E extends Responses> = {
  config?: RouteConfig;
  schema: { [K in keyof D & keyof RequestSchemas]: D[K] } & {
    tags: string[];
    summary?: string;
    consumes?: string[];
    response: ResponseOf<D, E>;
  };
};

/** A module's route declarer (`routeDeclarer(tags)`), as far as the shared route builders need it. */
export type Declarer = (decl: RouteDecl) => { config?: RouteConfig; schema: object };

/**
 * The route declarer of a module: `route({ summary, maxRole, params, querystring, body, ok })` gives the options of
 * `app.get(url, options, handler)` with the module's OpenAPI tags and error answers (default 400, 403, 404).
 */
export const routeDeclarer =
  <E extends Responses = typeof errorResponses>(tags: string[], defaultErrors?: E) =>
  <const D extends RouteDecl>(decl: D): RouteOptions<D, E> => {
    const {
      summary,
      maxRole,
      userOnly,
      public: isPublic,
      params,
      querystring,
      body,
      headers,
      consumes,
      ok,
      created,
      accepted,
      noContent,
      errors,
      response,
    } = decl;
    const success = created
      ? { 201: created }
      : accepted
        ? { 202: accepted }
        : ok
          ? { 200: ok }
          : noContent
            ? { 204: z.null() }
            : undefined;
    const schema = {
      tags,
      ...(summary === undefined ? {} : { summary }),
      ...(consumes ? { consumes } : {}),
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      ...(headers ? { headers } : {}),
      ...(response ? { response } : success ? { response: { ...success, ...(errors ?? defaultErrors ?? errorResponses) } } : {}),
    };
    // The object above holds exactly the keys RouteOptions names, each with the type of the declaration's own value.
    const config = {
      ...(isPublic ? { public: isPublic } : {}),
      ...(maxRole === undefined ? {} : { maxRole }),
      ...(userOnly ? { userOnly } : {}),
    };
    const options = { ...(Object.keys(config).length ? { config } : {}), schema } as RouteOptions<D, E>;
    return options;
  };
