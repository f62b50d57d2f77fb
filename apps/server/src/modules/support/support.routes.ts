import {
  idParamSchema,
  pagingQuerySchema,
  SCREENSHOT_MAX_BYTES,
  supportTicketListItemSchema,
  supportTicketSchema,
  type TicketFields,
  ticketFieldsSchema,
} from '@rfid/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors, validationError } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { pagedGetter } from '../../http/paged-route.js';
import { DEFAULT_PAGE_SIZE } from '../../http/paging.js';
import { routeDeclarer } from '../../http/route.js';
import { fromEnglish } from '../../i18n/translate.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createSupportService, SCREENSHOT_TOO_LARGE } from './support.service.js';

/** Reading the company's tickets is role 1's (the spec only shows the form). */
const READ_MAX_ROLE = 1;
const FILE_FIELDS = new Set(['image', 'screenshot']);

/** The form's fields and its screenshot (multipart `image`, or `screenshot`), checked with the contract's schema. */
const readTicket = async (request: FastifyRequest): Promise<{ fields: TicketFields; screenshot: Buffer | null }> => {
  const form = await readMultipart(request, {
    fileField: 'image',
    maxFileBytes: SCREENSHOT_MAX_BYTES,
    maxFields: 10,
    notMultipart: new AppError('VALIDATION', { message: 'support.send_multipart' }),
    tooLarge: SCREENSHOT_TOO_LARGE,
    tooMany: 'upload.one_file',
  });
  const raw: Record<string, string> = { ...form.fields };
  const screenshot = form.files.find((file) => FILE_FIELDS.has(file.fieldname))?.bytes ?? null;
  const parsed = ticketFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'non_field_errors');
      fieldErrors[field] = [...(fieldErrors[field] ?? []), fromEnglish(issue.message)];
    }
    throw validationError(fieldErrors);
  }
  return { fields: parsed.data, screenshot };
};

/** Support (spec sections 2 "Support" and 7 "POST /ticket/ multipart (image plus fields)"). */
export const supportRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const service = createSupportService(db);
  const route = routeDeclarer(['support']);
  const pagedGet = pagedGetter(app, route);

  app.post(
    '/ticket/',
    route({
      summary: `Open a support ticket (multipart: email, topic of 3 to 120 characters, description, location_id?, image ≤ ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB: PNG, JPEG, GIF or WebP)`,
      consumes: ['multipart/form-data'],
      created: supportTicketSchema,
    }),
    async (request, reply) => {
      const { fields, screenshot } = await readTicket(request);
      const ticket = await service.create(currentUser(request), fields, screenshot);
      request.log.info({ ticket: ticket.id, topic: ticket.topic }, 'support ticket created');
      return reply.status(201).send(ticket);
    },
  );

  pagedGet(
    '/ticket/',
    {
      maxRole: READ_MAX_ROLE,
      summary: "The company's support tickets, newest first (role 1)",
      querystring: pagingQuerySchema,
      row: supportTicketListItemSchema,
      pageSize: DEFAULT_PAGE_SIZE,
    },
    (user, _input, page) => service.list(user, page),
  );

  app.get(
    '/ticket/:id/screenshot/',
    route({ maxRole: READ_MAX_ROLE, summary: "A ticket's screenshot (role 1)", params: idParamSchema }),
    async (request, reply) => {
      const image = await service.screenshot(currentUser(request), request.params.id);
      return reply.header('content-type', image.mime).header('cache-control', 'private, no-store').send(image.bytes);
    },
  );
};
