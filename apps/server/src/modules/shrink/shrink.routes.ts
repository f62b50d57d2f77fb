import { idParamSchema, SHRINK_MAX_ROLE, shrinkCsvQuerySchema, shrinkQuerySchema, shrinkReportSchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../http/csv.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createShrinkRepository } from './shrink.repository.js';
import { createGetShrinkReport } from './use-cases/get-shrink-report.js';
import { shrinkCsv } from './use-cases/shrink-csv.js';

/**
 * The store floor (issue 26): a store's shrink and inventory accuracy over a period of its days, as JSON and as CSV
 * (docs/store-floor/shrink.md). Roles 1 to 3 of the location's scope.
 */
export const shrinkRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const repo = createShrinkRepository(db);
  const getReport = createGetShrinkReport({ repo });
  const route = routeDeclarer(['shrink']);

  app.get(
    '/locations/:id/shrink/',
    route({
      maxRole: SHRINK_MAX_ROLE,
      summary:
        'Shrink and inventory accuracy of a location over days of its zone (date_from, date_to: YYYY-MM-DD; default the last 30 days)',
      params: idParamSchema,
      querystring: shrinkQuerySchema,
      ok: shrinkReportSchema,
    }),
    async (request) => getReport({ user: currentUser(request), locationId: request.params.id, query: request.query }),
  );

  app.get(
    '/locations/:id/shrink/csv/',
    route({
      maxRole: SHRINK_MAX_ROLE,
      summary: 'The shrink report as CSV (lang es: Spanish columns, `;` and decimal comma, for a Spanish spreadsheet; en)',
      params: idParamSchema,
      querystring: shrinkCsvQuerySchema,
    }),
    async (request, reply) => {
      const user = currentUser(request);
      const { lang, ...query } = request.query;
      const location = await repo.location(user, request.params.id);
      const report = await getReport({ user, locationId: location.id, query });
      return sendCsv(reply, shrinkCsv(report, { lang, code: location.code }));
    },
  );
};
