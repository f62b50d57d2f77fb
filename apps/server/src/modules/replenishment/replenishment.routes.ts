import {
  floorTargetBodySchema,
  floorTargetParamSchema,
  floorTargetsSchema,
  idParamSchema,
  pickAnswerSchema,
  pickBodySchema,
  REPLENISHMENT_PAGE_SIZE,
  RoleThreshold,
  replenishmentLineSchema,
  replenishmentQuerySchema,
  replenishmentSummarySchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer } from '../../http/route.js';
import { conflictErrorResponses } from '../../http/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import { recordAtLocation } from '../recorded-route.js';
import type { ModuleDeps } from '../registry.js';
import { createReplenishmentRepository } from './replenishment.repository.js';
import { deleteFloorTarget, listFloorTargets, setFloorTarget } from './use-cases/floor-targets.js';
import { getReplenishmentSummary } from './use-cases/get-replenishment-summary.js';
import { listReplenishment } from './use-cases/list-replenishment.js';
import { recordPick } from './use-cases/record-pick.js';

/** Changing targets and working the pick list: the project's write roles (1 to 4); reading: every role in scope. */
const REPLENISH_WRITE = RoleThreshold.write;

/**
 * The store floor's replenishment (issue 26, item 4; docs/store-floor/replenishment.md): floor targets, the pick list,
 * the picks of a phone and the dashboard's NOSBOS. Every route is about one location the user sees (else 404).
 */
export const replenishmentRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const repo = createReplenishmentRepository(db);
  const route = routeDeclarer(['replenishment']);
  const pagedGet = pagedGetter(app, route);

  pagedGet(
    '/locations/:id/replenishment/',
    {
      summary:
        'The pick list: GTINs below their floor target with units in the stockroom, most sold in the last 7 days first (20 per page; gtin)',
      params: idParamSchema,
      querystring: replenishmentQuerySchema,
      row: replenishmentLineSchema,
      pageSize: REPLENISHMENT_PAGE_SIZE,
    },
    (user, { params, query }, page) => listReplenishment(repo, user, { locationId: params.id, query, page }),
  );

  app.get(
    '/locations/:id/replenishment/summary/',
    route({
      summary: 'NOSBOS (GTINs with none on the floor and some in the stockroom) and the size of the pick list',
      params: idParamSchema,
      ok: replenishmentSummarySchema,
    }),
    async (request) => getReplenishmentSummary(repo, currentUser(request), { locationId: request.params.id }),
  );

  app.post(
    '/locations/:id/replenishment/picks/',
    route({
      maxRole: REPLENISH_WRITE,
      summary:
        "A line of the pick list picked (until the floor sees the units) or skipped for the day (roles 1–4); idempotent on the app's optional id (201, then 200)",
      params: idParamSchema,
      body: pickBodySchema,
      response: { 200: pickAnswerSchema, 201: pickAnswerSchema, ...conflictErrorResponses },
    }),
    recordAtLocation(
      pickAnswerSchema,
      (user, input) => recordPick(repo, user, input),
      (recorded) => recorded.pick,
    ),
  );

  app.get(
    '/locations/:id/floor_targets/',
    route({
      summary: "The store's default floor target and its overrides per GTIN or section",
      params: idParamSchema,
      ok: floorTargetsSchema,
    }),
    async (request) => listFloorTargets(repo, currentUser(request), request.params.id),
  );

  app.put(
    '/locations/:id/floor_targets/',
    route({
      maxRole: REPLENISH_WRITE,
      summary: 'Sets the floor target of a GTIN or a section, or the default when neither is given (roles 1–4)',
      params: idParamSchema,
      body: floorTargetBodySchema,
      ok: floorTargetsSchema,
    }),
    async (request) => setFloorTarget(repo, currentUser(request), { locationId: request.params.id, body: request.body }),
  );

  app.delete(
    '/locations/:id/floor_targets/:targetId/',
    route({
      maxRole: REPLENISH_WRITE,
      summary: 'Takes away an override of the floor target (roles 1–4)',
      params: floorTargetParamSchema,
      noContent: true,
    }),
    async (request, reply) => {
      await deleteFloorTarget(repo, currentUser(request), { locationId: request.params.id, targetId: request.params.targetId });
      return reply.status(204).send(null);
    },
  );
};
