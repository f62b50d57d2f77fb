import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyListQuerySchema,
  apiKeyParamsSchema,
  apiKeySchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDeclarer } from '../../http/route.js';
import { conflictErrorResponses } from '../../http/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createApiKeysRepository } from './api-keys.repository.js';
import { generateApiKey } from './api-keys.rules.js';
import { createApiKey } from './use-cases/create-api-key.js';
import { listApiKeys } from './use-cases/list-api-keys.js';
import { revokeApiKey } from './use-cases/revoke-api-key.js';

/**
 * API keys for integrations (issue 27, docs/integrations.md): the company's administrators (roles 1–2) make, list and
 * revoke them. A key itself never reaches these routes (its role is 3 or 5, API_KEY_ROLE).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const route = routeDeclarer(['api-keys']);
  const repo = createApiKeysRepository(db);
  const maxRole = RoleThreshold.adminMenu;

  app.get(
    '/api_keys/',
    route({
      summary: "The company's API keys, newest first (revoked=true: the revoked ones too); roles 1–2",
      maxRole,
      querystring: apiKeyListQuerySchema,
      ok: z.array(apiKeySchema),
    }),
    async (request) => listApiKeys(repo, currentUser(request), request.query),
  );

  app.post(
    '/api_keys/',
    route({
      summary: 'Make an API key (name, access read|write, locations: null for all); the key is answered this once; roles 1–2',
      maxRole,
      body: apiKeyCreateBodySchema,
      created: apiKeyCreatedSchema,
    }),
    async (request, reply) =>
      reply.status(201).send(await createApiKey({ repo, generate: () => generateApiKey() }, currentUser(request), request.body)),
  );

  app.delete(
    '/api_keys/:id/',
    route({
      summary: 'Revoke an API key: refused at once in every process; 409 when revoked already; roles 1–2',
      maxRole,
      params: apiKeyParamsSchema,
      ok: apiKeySchema,
      errors: conflictErrorResponses,
    }),
    async (request) => revokeApiKey({ repo, now: () => new Date() }, currentUser(request), request.params.id),
  );
};
