import { brandSchema, companySchema, idParamSchema, locationListQuerySchema, locationSchema, pageOf } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { withFilters } from '../../http/filters.js';
import { DEFAULT_PAGE_SIZE, listPage, pageParams, toPage } from '../../http/paging.js';
import { withVersionTag } from '../../http/versions.js';
import { currentUser } from '../../plugins/auth.js';
import type { LocationRow } from './locations.repository.js';
import { brandFilters, companyFilters, locationFilters } from './locations.repository.js';
import { createLocationsService } from './locations.service.js';

export const toLocationDto = (row: LocationRow): z.infer<typeof locationSchema> => ({
  id: row.id,
  description: row.description,
  code: row.code,
  kind: row.kind,
  brand: row.brandId,
  brand_description: row.brandDescription,
  active: row.active,
  address: {
    street_name: row.streetName,
    street_num: row.streetNum,
    city: row.city,
    postal_code: row.postalCode,
    country: row.country,
  },
  phone: row.phone,
  email: row.email,
  observations: row.observations,
  floor: row.floor,
  logo: row.logoMime ? `/api/locations/${row.id}/logo/` : null,
  time_zone: row.timeZone,
  gln: row.gln,
  version: row.version,
});

/** Lists query: paging plus any DRF-style filter (checked against the allow-list in the repository). */
const listQuery = locationListQuerySchema;

export const locationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = createLocationsService(db);
  const tags = ['locations'];

  const listSchema = { tags, querystring: withFilters(listQuery, locationFilters), response: { 200: pageOf(locationSchema) } };
  const lists = [
    { url: '/locations/', kind: undefined, order: 'description', summary: 'Locations (centers and stores) the user may see' },
    { url: '/centers/', kind: 'center', order: 'id', summary: 'Distribution centers' },
    { url: '/stores/', kind: 'store', order: 'description', summary: 'Stores' },
  ] as const;
  for (const { url, kind, order, summary } of lists) {
    app.get(url, { schema: { ...listSchema, summary } }, async (request) => {
      const page = pageParams(request.query);
      const { count, rows } = await service.list(currentUser(request), request.query, page, {
        kind,
        defaultOrder: order,
      });
      return toPage(request, page, count, rows.map(toLocationDto));
    });
  }

  app.get(
    '/locations/:id/',
    { schema: { tags, summary: 'A location; ETag: its version', params: idParamSchema, response: { 200: locationSchema } } },
    async (request, reply) => withVersionTag(reply, toLocationDto(await service.get(currentUser(request), request.params.id))),
  );

  app.get(
    '/brands/',
    { schema: { tags, querystring: withFilters(listQuery, brandFilters), response: { 200: pageOf(brandSchema) } } },
    async (request) => listPage(request, DEFAULT_PAGE_SIZE, (page) => service.brands(currentUser(request), request.query, page)),
  );

  app.get(
    '/companies/',
    {
      schema: {
        tags,
        querystring: withFilters(listQuery, companyFilters, ['brand_id']),
        response: { 200: pageOf(companySchema) },
      },
    },
    async (request) =>
      listPage(request, DEFAULT_PAGE_SIZE, (page) => service.companies(currentUser(request), request.query, page)),
  );
};
