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
  tagTypeCreateBodySchema,
  tagTypeSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { pageParams, toPage } from '../../http/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { errors, read, tags } from './printing.http.js';
import { createTagFormatsService } from './tag-formats.service.js';

/** Tag types, tag formats, the company's formats and the company (spec "Printing"): role 1 writes types and formats. */
export const tagFormatsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = createTagFormatsService(db);

  for (const url of ['/tag_types/', '/printer/tag_types/']) {
    app.get(
      url,
      {
        config: read,
        schema: {
          tags,
          summary: 'Tag types (company_formats=true: only those the company has a format for)',
          querystring: pagingQuerySchema.extend({ company_formats: z.enum(['true', 'false']).optional() }),
          response: { 200: pageOf(tagTypeSchema), ...errors },
        },
      },
      async (request) => {
        const page = pageParams(request.query);
        const { count, rows } = await service.tagTypes(currentUser(request), request.query.company_formats === 'true', page);
        return toPage(request, page, count, rows);
      },
    );
  }
  app.post(
    '/tag_types/',
    {
      config: { maxRole: RoleThreshold.printer },
      schema: {
        tags,
        summary: 'Add a tag type (role 1)',
        body: tagTypeCreateBodySchema,
        response: { 201: tagTypeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createTagType(currentUser(request), request.body)),
  );

  for (const url of ['/tagformat/', '/printer/tagformat/']) {
    app.get(
      url,
      {
        config: read,
        schema: {
          tags,
          summary: 'Tag formats',
          querystring: pagingQuerySchema,
          response: { 200: pageOf(tagFormatSchema), ...errors },
        },
      },
      async (request) => {
        const page = pageParams(request.query);
        const { count, rows } = await service.tagFormats(currentUser(request), page);
        return toPage(request, page, count, rows);
      },
    );
  }
  app.get(
    '/tagformat/:id/',
    {
      config: { maxRole: RoleThreshold.adminMenu },
      schema: {
        tags,
        summary: 'A tag format with its ZPL template (roles ≤ 2)',
        params: idParamSchema,
        response: { 200: tagFormatDetailSchema, ...errors },
      },
    },
    async (request) => service.tagFormat(currentUser(request), request.params.id),
  );
  app.post(
    '/tagformat/',
    {
      config: { maxRole: RoleThreshold.printer },
      schema: {
        tags,
        summary: 'Add a tag format: a ZPL template with {{epc}} written by ^RFW,H (role 1)',
        body: tagFormatCreateBodySchema,
        response: { 201: tagFormatDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createTagFormat(currentUser(request), request.body)),
  );

  for (const url of ['/printer/tag_company_format/', '/tag_company_format/']) {
    app.get(
      url,
      {
        config: read,
        schema: {
          tags,
          summary: `The company's tag type and format pairs (tag_type, tag_format; the wizard asks ${TAG_FORMAT_LOOKUP_LIMIT})`,
          querystring: tagCompanyFormatQuerySchema,
          response: { 200: pageOf(tagCompanyFormatSchema), ...errors },
        },
      },
      async (request) => {
        const page = pageParams(request.query, TAG_FORMAT_LOOKUP_LIMIT);
        const { limit: _l, offset: _o, order_by: _b, ...filters } = request.query;
        const { count, results } = await service.companyFormats(currentUser(request), filters, page);
        return toPage(request, page, count, results);
      },
    );
    app.post(
      url,
      {
        config: { maxRole: RoleThreshold.adminMenu },
        schema: {
          tags,
          summary: 'Add a tag type and format pair to the company (roles ≤ 2); the same pair again answers 200',
          body: tagCompanyFormatCreateBodySchema,
          response: { 200: tagCompanyFormatSchema, 201: tagCompanyFormatSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { format, isNew } = await service.createCompanyFormat(currentUser(request), request.body);
        return reply.status(isNew ? 201 : 200).send(format);
      },
    );
  }

  for (const url of ['/printer/company/', '/company/admin_company/', '/printer/company/admin_company/']) {
    app.get(
      url,
      {
        config: read,
        schema: { tags, summary: "The user's company", response: { 200: pageOf(printCompanySchema), ...errors } },
      },
      async (request) => {
        const rows = await service.companies(currentUser(request));
        return toPage(request, { limit: 20, offset: 0 }, rows.length, rows);
      },
    );
  }
};
