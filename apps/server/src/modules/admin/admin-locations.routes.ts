import {
  errorBodySchema,
  exportQuerySchema,
  idParamSchema,
  LOGO_MAX_BYTES,
  locationBodySchema,
  locationSchema,
  locationUpdateBodySchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../http/errors.js';
import { exportGetter } from '../../http/export-route.js';
import { readMultipart } from '../../http/multipart.js';
import { routeDeclarer } from '../../http/route.js';
import { versionedPutter } from '../../http/versioned-route.js';
import { currentUser } from '../../plugins/auth.js';
import { companyTimeZone } from '../locations/location-scope.js';
import { createLocationsRepository } from '../locations/locations.repository.js';
import { toLocationDto } from '../locations/locations.routes.js';
import type { ModuleDeps } from '../registry.js';
import { ACTIVE_LOCATIONS_TABLE } from './admin-locations.exports.js';
import { createAdminLocationsRepository } from './admin-locations.repository.js';
import { createAdminLocationsService, LOGO_NOT_IMAGE, LOGO_TOO_LARGE } from './admin-locations.service.js';
import { createUpdateLocation } from './use-cases/update-location.js';

/** Location writes (add center role 1, edit roles ≤ 2), the logo and the billing file. */
export const adminLocationsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const repo = createAdminLocationsRepository(db);
  const locationsRepo = createLocationsRepository(db);
  const service = createAdminLocationsService({ repo, locationsRepo });
  const updateLocation = createUpdateLocation({ repo: { ...repo, getLocation: locationsRepo.getLocation } });
  const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  const route = routeDeclarer(['admin: locations'], errors);
  const putVersioned = versionedPutter(app, route);

  app.post(
    '/locations/',
    route({
      maxRole: RoleThreshold.center,
      summary: 'Add a location (role 1)',
      body: locationBodySchema,
      created: locationSchema,
    }),
    async (request, reply) => {
      const row = await service.create(currentUser(request), request.body);
      return reply.status(201).send(toLocationDto(row));
    },
  );

  putVersioned(
    '/locations/:id/',
    {
      maxRole: RoleThreshold.adminMenu,
      summary: 'Edit a location (roles ≤ 2).',
      body: locationUpdateBodySchema,
      ok: locationSchema,
    },
    async (edit) => toLocationDto(await updateLocation(edit)),
  );

  app.put(
    '/locations/:id/logo/',
    route({
      maxRole: RoleThreshold.adminMenu,
      summary: `Upload the location's logo (multipart field "logo"; PNG, JPEG, GIF or WebP, ≤ ${LOGO_MAX_BYTES} bytes)`,
      params: idParamSchema,
      ok: locationSchema,
    }),
    async (request) => {
      const form = await readMultipart(request, {
        fileField: 'logo',
        maxFileBytes: LOGO_MAX_BYTES,
        notMultipart: fieldError('logo', LOGO_NOT_IMAGE),
        tooLarge: LOGO_TOO_LARGE,
      });
      const bytes = form.files[0]?.bytes;
      if (!bytes) throw fieldError('logo', LOGO_NOT_IMAGE);
      return toLocationDto(await service.saveLogo(currentUser(request), request.params.id, bytes));
    },
  );

  app.get(
    '/locations/:id/logo/',
    route({ summary: "The location's logo image", params: idParamSchema }),
    async (request, reply) => {
      const logo = await service.logo(currentUser(request), request.params.id);
      return reply.header('content-type', logo.mime).header('cache-control', 'private, max-age=300').send(logo.bytes);
    },
  );

  exportGetter(app, route, config.defaultLanguage)(
    '/active_locations_all/',
    {
      maxRole: RoleThreshold.billing,
      summary: 'Billing file: active locations (CSV or xlsx with format, lang es/en; role 1)',
      querystring: exportQuerySchema,
    },
    async (user) => ({
      table: ACTIVE_LOCATIONS_TABLE,
      name: { es: 'ubicaciones_activas', en: 'active_locations' },
      rows: await service.activeLocations(user),
      timeZone: await companyTimeZone(db, user),
    }),
  );
};
