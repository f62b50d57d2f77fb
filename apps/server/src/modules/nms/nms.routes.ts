import {
  availableAppSchema,
  commandAcceptedSchema,
  deviceAppCreateBodySchema,
  deviceApplicationSchema,
  deviceAppQuerySchema,
  deviceAppUpdateBodySchema,
  errorBodySchema,
  idParamSchema,
  nmsDeviceQuerySchema,
  nmsDeviceSchema,
  RoleThreshold,
  updateDeviceBodySchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdPoster } from '../../http/created-route.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createNmsRepository } from './nms.repository.js';
import { createNmsService } from './nms.service.js';

/**
 * The network management service under /nms (admin menu, roles ≤ 2). Reads answer from the
 * database; commands go to readers over MQTT and answer 503 "Nms is not available, contact
 * support." when the broker is not configured, not connected or does not take the message.
 */
export const nmsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, bus }) => {
  const service = createNmsService({ repo: createNmsRepository(db), bus, log: app.log });
  await service.listen();
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema };
  const route = routeDeclarer(['nms'], errors);
  const postCreated = createdPoster(app, route);
  const maxRole = RoleThreshold.adminMenu;
  const forbidden = { 403: errorBodySchema };

  app.get(
    '/device/',
    route({
      maxRole,
      summary: 'Readers with their ON/OFF state (?mac=; the web uses the first item)',
      querystring: nmsDeviceQuerySchema,
      ok: z.array(nmsDeviceSchema),
      errors: forbidden,
    }),
    async (request) => service.devices(currentUser(request), request.query),
  );

  app.get(
    '/application/available_apps/',
    route({ maxRole, summary: 'Applications readers may run', response: { 200: z.array(availableAppSchema) } }),
    async () => service.availableApps(),
  );

  app.post(
    '/device/:id/update_device/',
    route({
      maxRole,
      summary: "Update a reader's firmware to a version",
      params: idParamSchema,
      body: updateDeviceBodySchema,
      accepted: commandAcceptedSchema,
    }),
    async (request, reply) =>
      reply.status(202).send(await service.updateDevice(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/deviceapp/',
    route({
      maxRole,
      summary: "A reader's applications (?device=)",
      querystring: deviceAppQuerySchema,
      ok: z.array(deviceApplicationSchema),
      errors: forbidden,
    }),
    async (request) => service.apps(currentUser(request), request.query),
  );

  postCreated(
    '/deviceapp/',
    {
      maxRole,
      summary: 'Install an application on a reader',
      body: deviceAppCreateBodySchema,
      created: deviceApplicationSchema,
    },
    (user, { body }) => service.install(user, body),
  );

  app.put(
    '/deviceapp/:id/',
    route({
      maxRole,
      summary: "Change an application's configuration (and version)",
      params: idParamSchema,
      body: deviceAppUpdateBodySchema,
      ok: deviceApplicationSchema,
    }),
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/deviceapp/:id/',
    route({ maxRole, summary: 'Uninstall an application', params: idParamSchema, noContent: true }),
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const action of ['start', 'stop'] as const) {
    app.post(
      `/deviceapp/:id/${action}/`,
      route({
        maxRole,
        summary: `${action === 'start' ? 'Start' : 'Stop'} an application (desired state; running follows the reader's report)`,
        params: idParamSchema,
        accepted: deviceApplicationSchema,
      }),
      async (request, reply) =>
        reply.status(202).send(await service.setRunning(currentUser(request), request.params.id, action === 'start')),
    );
  }
};
