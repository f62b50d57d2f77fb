import { randomUUID } from 'node:crypto';
import {
  WEBHOOKS_MAX_ROLE,
  webhookDeliveryListQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookParamsSchema,
  webhookReplayAnswerSchema,
  webhookReplayBodySchema,
  webhookSecretSchema,
  webhookTestAnswerSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer, type ZodApp } from '../../http/route.js';
import { LIST_PAGE } from '../../http/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createEndpoint } from './use-cases/create-endpoint.js';
import { deleteEndpoint } from './use-cases/delete-endpoint.js';
import { enableEndpoint } from './use-cases/enable-endpoint.js';
import { getEndpoint } from './use-cases/get-endpoint.js';
import { listDeliveries } from './use-cases/list-deliveries.js';
import { listEndpoints } from './use-cases/list-endpoints.js';
import { replayDelivery } from './use-cases/replay-delivery.js';
import { replayFailed } from './use-cases/replay-failed.js';
import { rotateSecret } from './use-cases/rotate-secret.js';
import { testEndpoint } from './use-cases/test-endpoint.js';
import { updateEndpoint } from './use-cases/update-endpoint.js';
import { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository.js';
import { newSecret } from './webhooks.rules.js';
import { addressPolicyOf } from './webhooks.service.js';
import { httpPost } from './webhooks.transport.js';

/**
 * Outbound webhooks (issue 27, docs/webhooks.md): the company's endpoints, managed by roles 1–2 (WEBHOOKS_MAX_ROLE) of
 * the company (another company's endpoint is a 404). The sender (webhooks.sender.ts) delivers what the changes emit.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config, workers }) => {
  const route = routeDeclarer(['webhooks']);
  const pagedGet = pagedGetter(app, route);
  const repo = createWebhooksRepository(db);
  const policy = addressPolicyOf(config.webhooks);
  const now = () => new Date();
  const wake = () => workers.webhooks.wake();
  const post = httpPost({ timeoutMs: config.webhooks.timeoutMs, policy });
  const context = { route, pagedGet, repo, now, policy, wake, post };
  registerEndpointRoutes(app, context);
  registerDeliveryRoutes(app, context);
};

type WebhookRouteContext = {
  route: ReturnType<typeof routeDeclarer>;
  pagedGet: ReturnType<typeof pagedGetter>;
  repo: WebhooksRepository;
  now: () => Date;
  policy: ReturnType<typeof addressPolicyOf>;
  wake: () => void;
  post: ReturnType<typeof httpPost>;
};
const maxRole = WEBHOOKS_MAX_ROLE;

/** The company's endpoints: listed, created, read, changed, deleted, and a new signing secret. */
const registerEndpointRoutes = (app: ZodApp, { route, repo, now, policy }: WebhookRouteContext) => {
  const deps = { repo, now };
  app.get(
    '/webhooks/',
    route({ summary: "The company's webhook endpoints", maxRole, ok: webhookEndpointListSchema }),
    async (request) => listEndpoints(deps, currentUser(request)),
  );

  app.post(
    '/webhooks/',
    route({
      summary: 'A new webhook endpoint; its signing secret (whsec_…) is in this answer only',
      maxRole,
      body: webhookEndpointCreateSchema,
      created: webhookEndpointCreatedSchema,
    }),
    async (request, reply) => {
      const created = await createEndpoint({ ...deps, policy, newSecret }, currentUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/webhooks/:id/',
    route({ summary: 'A webhook endpoint', maxRole, params: webhookParamsSchema, ok: webhookEndpointSchema }),
    async (request) => getEndpoint(deps, currentUser(request), request.params.id),
  );

  app.patch(
    '/webhooks/:id/',
    route({
      summary: 'Change a webhook endpoint (url, description, event types, locations, enabled)',
      maxRole,
      params: webhookParamsSchema,
      body: webhookEndpointUpdateSchema,
      ok: webhookEndpointSchema,
    }),
    async (request) => updateEndpoint({ ...deps, policy }, currentUser(request), { id: request.params.id, body: request.body }),
  );

  app.delete(
    '/webhooks/:id/',
    route({ summary: 'Delete a webhook endpoint and its delivery log', maxRole, params: webhookParamsSchema, noContent: true }),
    async (request, reply) => {
      await deleteEndpoint(deps, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate_secret/',
    route({
      summary: 'A new signing secret (in this answer only); the previous one keeps signing for 24 h',
      maxRole,
      params: webhookParamsSchema,
      ok: webhookSecretSchema,
    }),
    async (request) => rotateSecret({ ...deps, newSecret }, currentUser(request), request.params.id),
  );
};

/** An endpoint's deliveries: enabled again, a test message, the delivery log and the replays. */
const registerDeliveryRoutes = (app: ZodApp, { route, pagedGet, repo, now, wake, post }: WebhookRouteContext) => {
  const deps = { repo, now };

  app.post(
    '/webhooks/:id/enable/',
    route({
      summary: 'Enable a disabled webhook endpoint again',
      maxRole,
      params: webhookParamsSchema,
      ok: webhookEndpointSchema,
    }),
    async (request) => {
      const answer = await enableEndpoint(deps, currentUser(request), request.params.id);
      wake();
      return answer;
    },
  );

  app.post(
    '/webhooks/:id/test/',
    route({
      summary: 'Send a signed webhook.test message now and answer what the endpoint said',
      maxRole,
      params: webhookParamsSchema,
      ok: webhookTestAnswerSchema,
    }),
    async (request) =>
      testEndpoint({ ...deps, post, newId: () => `msg_test_${randomUUID()}` }, currentUser(request), request.params.id),
  );

  pagedGet(
    '/webhooks/:id/deliveries/',
    {
      summary: "A webhook endpoint's delivery log, newest first (state; 11 per page)",
      maxRole,
      params: webhookParamsSchema,
      querystring: webhookDeliveryListQuerySchema,
      row: webhookDeliverySchema,
      pageSize: LIST_PAGE,
    },
    (user, { params, query }, page) => listDeliveries(deps, user, { id: params.id, query, page }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/replay/',
    route({
      summary: 'Send a failed delivery again (its attempts start over)',
      maxRole,
      params: webhookDeliveryParamsSchema,
      ok: webhookReplayAnswerSchema,
    }),
    async (request) =>
      replayDelivery({ repo, wake }, currentUser(request), { id: request.params.id, deliveryId: request.params.deliveryId }),
  );

  app.post(
    '/webhooks/:id/replay/',
    route({
      summary: 'Send again every failed delivery of the endpoint made since a time',
      maxRole,
      params: webhookParamsSchema,
      body: webhookReplayBodySchema,
      ok: webhookReplayAnswerSchema,
    }),
    async (request) => replayFailed({ repo, wake }, currentUser(request), { id: request.params.id, body: request.body }),
  );
};
