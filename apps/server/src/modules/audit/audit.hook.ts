import { AuditAction, AuditActor } from '@rfid/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { SAFE_METHODS } from '../../http/methods.js';
import { actionOf, entityIdOf, entityOf, isAuditedPath, isSignInRoute, SIGN_IN_ENTITY } from './audit.derive.js';
import { type AuditActorsRepository, type AuditRepository, createAuditRepository } from './audit.repository.js';
import { type AuditEvent, recordAudit } from './use-cases/record-audit.js';

const WITH_BEFORE = new Set(['PUT', 'PATCH', 'DELETE']);

/** The JSON of an answer's payload (a serialized body), or undefined when it is none. */
const jsonOf = (reply: FastifyReply, payload: unknown): unknown => {
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.includes('json')) return undefined;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url;

/**
 * The audit log's capture (issue 29, docs/audit.md), registered once for the whole app: every write (POST, PUT, PATCH,
 * DELETE) under /api/, /nms/ and /epcis/ by a signed-in user or an API key that succeeded (status < 400), and every
 * sign-in attempt (success or failure). The row is written in onSend, before the answer leaves: a client that got a
 * success finds its row. Readers' ingestion (device keys: reading sets, reads) has no user and is not recorded.
 *
 * `before` is what the route's GET at the same URL answered just before a PUT, PATCH or DELETE (an internal request
 * with the caller's own credentials, so it shows only what the caller may see); none when there is no such GET.
 */
export const auditHookPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  const repo: Pick<AuditRepository, 'append'> & AuditActorsRepository = createAuditRepository(db);
  const before = new WeakMap<FastifyRequest, unknown>();

  const readBefore = async (request: FastifyRequest, route: string): Promise<void> => {
    if (!app.hasRoute({ method: 'GET', url: route })) return;
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'x-api-key', 'accept-language'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app.inject({ method: 'GET', url: request.url, headers });
    if (answer.statusCode === 200 && String(answer.headers['content-type'] ?? '').includes('json')) {
      before.set(request, answer.json());
    }
  };
  // Callback hooks: a read (most requests) has nothing to do here, and goes on without a promise's turn.
  app.addHook('preHandler', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (!route || !request.user || !WITH_BEFORE.has(request.method) || !isAuditedPath(pathOf(request))) return done();
    readBefore(request, route).then(() => done(), done);
  });

  const eventOf = (request: FastifyRequest, reply: FastifyReply, route: string) => ({
    at: new Date(),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    method: request.method,
    route,
    path: pathOf(request),
    status: reply.statusCode,
  });

  const signInEvent = async (
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    answer: unknown,
  ): Promise<AuditEvent> => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = String(body.username ?? body.email ?? '').slice(0, 254);
    const user = email ? await repo.userByEmail(email) : undefined;
    const ok = reply.statusCode < 400;
    const code = answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>).code : undefined;
    return {
      ...eventOf(request, reply, route),
      companyId: user?.companyId ?? null,
      actor: { kind: AuditActor.User, id: user?.id ?? null, label: email, apiKeyId: null },
      entity: SIGN_IN_ENTITY,
      entityId: user ? String(user.id) : null,
      action: ok ? AuditAction.Create : AuditAction.Action,
      // Never the body (the password) nor the answer (the token): the outcome only.
      after: { result: ok ? 'signed_in' : 'refused', ...(typeof code === 'string' ? { code } : {}) },
    };
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (SAFE_METHODS.has(request.method) || !route || !isAuditedPath(pathOf(request))) return done(null, payload);
    // Nobody signed in and no sign-in (a reader's device key, one request a read): nothing to record, no promise's turn.
    if (!request.user && !isSignInRoute(route)) return done(null, payload);
    record(request, reply, payload, route).then(() => done(null, payload), done);
  });

  /** Writes the audit row of an answered write (or sign-in), if it is one to record. */
  const record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, route: string): Promise<void> => {
    const user = request.user;
    const signIn = !user && request.method === 'POST' && isSignInRoute(route) && reply.statusCode < 500;
    if (!signIn && (!user || reply.statusCode >= 400)) return;
    try {
      const answer = jsonOf(reply, payload);
      let event: AuditEvent;
      if (signIn || !user) event = await signInEvent(request, reply, route, answer);
      else {
        const key = user.apiKey;
        const actor = key
          ? { kind: AuditActor.ApiKey, id: key.id, label: (await repo.apiKeyName(key.id)) ?? '', apiKeyId: key.id }
          : { kind: AuditActor.User, id: user.id, label: user.email, apiKeyId: null };
        event = {
          ...eventOf(request, reply, route),
          companyId: user.companyId,
          actor,
          entity: entityOf(route),
          entityId: entityIdOf(request.params, route, answer),
          action: actionOf(request.method, route),
          before: before.get(request),
          after: answer ?? request.body,
        };
      }
      await recordAudit(repo, event);
    } catch (error) {
      // The write itself is done (committed); the answer says so. The missing row is logged for the operator.
      request.log.error({ err: error, route, method: request.method }, 'audit row not written');
    }
  };
});
