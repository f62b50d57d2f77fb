import {
  idParamSchema,
  pageOf,
  pagingQuerySchema,
  printCompanySchema,
  RoleThreshold,
  TAG_FORMAT_LOOKUP_LIMIT,
  tagCompanyFormatCreateBodySchema,
  tagCompanyFormatQuerySchema,
  tagCompanyFormatSchema,
  tagFormatCreateBodySchema,
  tagFormatDetailSchema,
  tagFormatSchema,
  tagFormatUpdateBodySchema,
  tagTypeCreateBodySchema,
  tagTypeSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { createdPoster } from '../../http/created-route.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE, toPage } from '../../http/paging.js';
import { recordGetter } from '../../http/record-route.js';
import { currentUser } from '../../plugins/auth.js';
import { errors, READ, route } from './printing.http.js';
import { createTagFormatsService } from './tag-formats.service.js';

/** Tag types, tag formats, the company's formats and the company (spec "Printing"): role 1 writes types and formats. */
export const tagFormatsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const pagedGet = pagedGetter(app, route);
  const postCreated = createdPoster(app, route);
  const service = createTagFormatsService(db);

  for (const url of ['/tag_types/', '/printer/tag_types/']) {
    pagedGet(
      url,
      {
        maxRole: READ,
        summary: 'Tag types (company_formats=true: only those the company has a format for)',
        querystring: pagingQuerySchema.extend({ company_formats: z.enum(['true', 'false']).optional() }),
        row: tagTypeSchema,
        pageSize: DEFAULT_PAGE_SIZE,
      },
      (user, { query }, page) => service.tagTypes(user, query.company_formats === 'true', page),
    );
  }
  postCreated(
    '/tag_types/',
    {
      maxRole: RoleThreshold.printer,
      summary: 'Add a tag type (role 1)',
      body: tagTypeCreateBodySchema,
      created: tagTypeSchema,
    },
    (user, { body }) => service.createTagType(user, body),
  );

  for (const url of ['/tagformat/', '/printer/tagformat/']) {
    pagedGet(
      url,
      {
        maxRole: READ,
        summary: 'Tag formats',
        querystring: pagingQuerySchema,
        row: tagFormatSchema,
        pageSize: DEFAULT_PAGE_SIZE,
      },
      (user, _input, page) => service.tagFormats(user, page),
    );
  }
  recordGetter(app, route)(
    '/tagformat/:id/',
    { maxRole: RoleThreshold.adminMenu, summary: 'A tag format with its ZPL template (roles ≤ 2)', ok: tagFormatDetailSchema },
    (user, id) => service.tagFormat(user, id),
  );
  app.patch(
    '/tagformat/:id/',
    route({
      maxRole: RoleThreshold.printer,
      summary: "Turn the format's GS1 Digital Link QR code on or off (role 1); answers the format with its template",
      params: idParamSchema,
      body: tagFormatUpdateBodySchema,
      ok: tagFormatDetailSchema,
    }),
    async (request) => service.updateTagFormat(currentUser(request), request.params.id, request.body),
  );
  postCreated(
    '/tagformat/',
    {
      maxRole: RoleThreshold.printer,
      summary: 'Add a tag format: a ZPL template with {{epc}} written by ^RFW,H, digital_link_qr off by default (role 1)',
      body: tagFormatCreateBodySchema,
      created: tagFormatDetailSchema,
    },
    (user, { body }) => service.createTagFormat(user, body),
  );

  for (const url of ['/printer/tag_company_format/', '/tag_company_format/']) {
    pagedGet(
      url,
      {
        maxRole: READ,
        summary: `The company's tag type and format pairs (tag_type, tag_format; the wizard asks ${TAG_FORMAT_LOOKUP_LIMIT})`,
        querystring: tagCompanyFormatQuerySchema,
        row: tagCompanyFormatSchema,
        pageSize: TAG_FORMAT_LOOKUP_LIMIT,
      },
      (user, { query: { limit: _l, offset: _o, order_by: _b, ...filters } }, page) => service.companyFormats(user, filters, page),
    );
    app.post(
      url,
      route({
        maxRole: RoleThreshold.adminMenu,
        summary: 'Add a tag type and format pair to the company (roles ≤ 2); the same pair again answers 200',
        body: tagCompanyFormatCreateBodySchema,
        response: { 200: tagCompanyFormatSchema, 201: tagCompanyFormatSchema, ...errors },
      }),
      async (request, reply) => {
        const { format, isNew } = await service.createCompanyFormat(currentUser(request), request.body);
        return reply.status(isNew ? 201 : 200).send(format);
      },
    );
  }

  for (const url of ['/printer/company/', '/company/admin_company/', '/printer/company/admin_company/']) {
    app.get(url, route({ maxRole: READ, summary: "The user's company", ok: pageOf(printCompanySchema) }), async (request) => {
      const rows = await service.companies(currentUser(request));
      return toPage(request, { limit: 20, offset: 0 }, rows.length, rows);
    });
  }
};
