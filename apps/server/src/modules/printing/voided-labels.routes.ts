import {
  idParamSchema,
  PRINT_VOIDED_PAGE_SIZE,
  pagingQuerySchema,
  replaceVoidedLabelsAnswerSchema,
  replaceVoidedLabelsBodySchema,
  voidedLabelSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { pagedGetter } from '../../http/paged-route.js';
import { currentUser } from '../../plugins/auth.js';
import { errors, READ, route, WRITE } from './printing.http.js';
import { listVoidedLabels } from './use-cases/list-voided-labels.js';
import { replaceVoidedLabels } from './use-cases/replace-voided-labels.js';
import { createVoidedLabelsRepository, inVoidedLabelsTransaction } from './voided-labels.repository.js';

/**
 * A print order's voided labels and their replacements (issue 25, item 7; docs/printers.md "Voided labels and
 * replacements"): read by the printer menu's roles (1 to 4), replacements made by those who print (1 to 4), both only
 * for an order the user sees (its company and, below role 2, its locations).
 */
export const voidedLabelsRoutes: FastifyPluginAsyncZod<{ db: Db; companyPrefixLength: number }> = async (
  app,
  { db, companyPrefixLength },
) => {
  const pagedGet = pagedGetter(app, route);
  const repo = createVoidedLabelsRepository(db);
  const deps = { inTransaction: inVoidedLabelsTransaction(db), companyPrefixLength };

  pagedGet(
    '/printer/print_orders/:id/voided/',
    {
      maxRole: READ,
      summary: `The order's voided labels: EPC, label number, GTIN, reason, when, printer, replacement (${PRINT_VOIDED_PAGE_SIZE} per page)`,
      params: idParamSchema,
      querystring: pagingQuerySchema,
      row: voidedLabelSchema,
      pageSize: PRINT_VOIDED_PAGE_SIZE,
    },
    (user, { params }, page) => listVoidedLabels(repo, user, { printOrderId: params.id, page }),
  );

  app.post(
    '/printer/print_orders/:id/replacements/',
    route({
      maxRole: WRITE,
      summary:
        'Replacement labels (new EPCs) for the voided labels {labels: [id]} or all ({}); once per voided label: 201 when some were made, 200 when none were needed',
      params: idParamSchema,
      body: replaceVoidedLabelsBodySchema,
      response: { 200: replaceVoidedLabelsAnswerSchema, 201: replaceVoidedLabelsAnswerSchema, ...errors },
    }),
    async (request, reply) => {
      const answer = await replaceVoidedLabels(deps, currentUser(request), {
        printOrderId: request.params.id,
        body: request.body,
      });
      return reply.status(answer.created > 0 ? 201 : 200).send(answer);
    },
  );
};
