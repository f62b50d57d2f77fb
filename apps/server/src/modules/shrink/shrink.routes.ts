import { idParamSchema, SHRINK_MAX_ROLE, shrinkCsvQuerySchema, shrinkQuerySchema, shrinkReportSchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportGetter } from '../../http/export-route.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createShrinkRepository } from './shrink.repository.js';
import { createGetShrinkReport } from './use-cases/get-shrink-report.js';
import { SHRINK_TABLE, shrinkCsv } from './use-cases/shrink-csv.js';

/**
 * The store floor (issue 26): a store's shrink and inventory accuracy over a period of its days, as JSON and as CSV
 * (docs/store-floor/shrink.md). Roles 1 to 3 of the location's scope.
 */
export const shrinkRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
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

  exportGetter(app, route, config.defaultLanguage)(
    '/locations/:id/shrink/csv/',
    {
      maxRole: SHRINK_MAX_ROLE,
      summary:
        "The shrink report as a file: CSV (lang es: Spanish columns, `;` and decimal comma; en) or xlsx (format); lang defaults to the user's language",
      params: idParamSchema,
      querystring: shrinkCsvQuerySchema,
    },
    async (user, { params, query: { lang: _lang, format: _format, ...query } }) => {
      const location = await repo.location(user, params.id);
      const report = await getReport({ user, locationId: location.id, query });
      const { name, rows } = shrinkCsv(report, { code: location.code });
      return { table: SHRINK_TABLE, name, rows, timeZone: report.time_zone };
    },
  );
};
