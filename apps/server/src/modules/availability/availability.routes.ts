import {
  AVAILABILITY_PAGE_SIZE,
  availabilityQuerySchema,
  availabilityRowSchema,
  exportQuerySchema,
  findItemAnswerSchema,
  findItemQuerySchema,
  idParamSchema,
  itemStatusAnswerSchema,
  itemStatusBodySchema,
  itemStatusChangeSchema,
  locateAnswerSchema,
  locateQuerySchema,
  pagingQuerySchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportGetter } from '../../http/export-route.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { errorResponses } from '../../http/route-schemas.js';
import { type AuthUser, currentUser } from '../../plugins/auth.js';
import { StatusReason } from '../engine/ledger.js';
import { requireLocation } from '../locations/location-scope.js';
import type { ModuleDeps } from '../registry.js';
import { AVAILABILITY_TABLE } from './availability.exports.js';
import { createAvailabilityRepository } from './availability.repository.js';
import { findItem, locateItem } from './use-cases/find-item.js';
import { availabilityFeed, listAvailability } from './use-cases/list-availability.js';
import { listStatusChanges } from './use-cases/list-status-changes.js';
import { type SetItemStatusScope, setItemStatus } from './use-cases/set-item-status.js';

/**
 * The store floor (issue 26; docs/store-floor/availability.md): item status (set by roles 1 to 4, through the ledger),
 * availability per store and GTIN (paged and as a CSV feed) and finding an item. Reads are open to every role in its
 * scope; a location or item the user does not see is a 404.
 */
export const availabilityRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, engine, config }) => {
  const route = routeDeclarer(['store-floor']);
  const pagedGet = pagedGetter(app, route);
  const repo = {
    ...createAvailabilityRepository(db),
    location: (user: AuthUser, locationId: number) => requireLocation(db, user, locationId),
  };
  const statusDeps = {
    inTransaction: <T>(work: (scope: SetItemStatusScope) => Promise<T>): Promise<T> =>
      engine.transaction(({ tx, ledger }) =>
        work({ itemsByEpc: createAvailabilityRepository(tx).itemsByEpc, setStatus: ledger.setStatus }),
      ),
  };

  app.post(
    '/items/status/',
    route({
      maxRole: RoleThreshold.write,
      summary:
        'Sets the status of items by EPC {epcs, status 0 sellable … 4 quarantine, reference, source user|handheld}: reserved needs a reference; every item at a location the user sees',
      body: itemStatusBodySchema,
      ok: itemStatusAnswerSchema,
    }),
    async (request) =>
      setItemStatus(statusDeps, currentUser(request), {
        body: request.body,
        reason: request.body.source ?? StatusReason.User,
      }),
  );

  pagedGet(
    '/items/:id/status_changes/',
    {
      summary: "An item's status changes, newest first",
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: itemStatusChangeSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, { params }, page) => listStatusChanges(repo, user, { itemId: params.id, page }),
  );

  pagedGet(
    '/locations/:id/availability/',
    {
      summary:
        'Availability per GTIN of a store: in stock, on the floor, in the stockroom, sellable, reserved, available to promise (gtin, model, section)',
      params: idParamSchema,
      querystring: availabilityQuerySchema,
      row: availabilityRowSchema,
      pageSize: AVAILABILITY_PAGE_SIZE,
    },
    (user, { params, query }, page) => listAvailability(repo, user, { locationId: params.id, query, page }),
  );

  exportGetter(app, route, config.defaultLanguage)(
    '/locations/:id/availability.csv',
    {
      summary: 'Availability per GTIN of a store as a file (the same filters; CSV or xlsx with format, lang es/en)',
      params: idParamSchema,
      querystring: availabilityQuerySchema.extend(exportQuerySchema.shape),
      response: errorResponses,
    },
    async (user, { params, query }) => ({
      table: AVAILABILITY_TABLE,
      name: { es: `disponibilidad-${params.id}`, en: `availability-location-${params.id}` },
      rows: await availabilityFeed(repo, user, { locationId: params.id, query }),
      timeZone: (await requireLocation(db, user, params.id)).timeZone,
    }),
  );

  app.get(
    '/find/',
    route({
      summary:
        'Find an item by epc, gtin or model (all sizes and colours): counts on the floor and in the stockroom in the chosen store (location) and the others, last seen',
      querystring: findItemQuerySchema,
      ok: findItemAnswerSchema,
    }),
    async (request) => findItem(repo, currentUser(request), request.query),
  );

  app.get(
    '/find/locate/',
    route({
      summary: "An EPC's latest reads with their RSSI (the locate view polls it)",
      querystring: locateQuerySchema,
      ok: locateAnswerSchema,
    }),
    async (request) => locateItem(repo, currentUser(request), request.query),
  );
};
