import {
  brandEntriesStatisticsSchema,
  brandEntryStatsSchema,
  brandExitStatsSchema,
  brandInventoryStatsSchema,
  brandPurchaseStatsSchema,
  brandSaleStatsSchema,
  dashboardSchema,
  dashboardsQuerySchema,
  graphStatisticsQuerySchema,
  graphStatisticsSchema,
  idParamSchema,
  locationStatisticsSchema,
  type StatsRangeQuery,
  statsRangeQuerySchema,
  stockEvolutionQuerySchema,
  stockEvolutionRowSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer } from '../../http/route.js';
import { type AuthUser, currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createStatsService } from './stats.service.js';

/** The Company tab (and so a company's dashboard) is role 1's; the Brand tab and menu roles 1 and 2's (spec section 6). */
const COMPANY_MAX_ROLE = 1;
const BRAND_MAX_ROLE = 2;
/** GET /stockev/: the default page size (spec section 9, "Default 20"). */
const STOCKEV_PAGE = 20;

/**
 * Statistics (spec sections 2 "Dashboard", 3 and 7): the dashboard's figures and chart of a
 * location or a company, the brand statistics, the brand dashboards and the stock evolution.
 * Formulas: packages/contract/src/stats.ts; SQL: stats.repository.ts.
 */
export const statsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const service = createStatsService(db, { brandDashboardUrl: config.brandDashboardUrl });
  const route = routeDeclarer(['stats']);
  const pagedGet = pagedGetter(app, route);

  /** The dashboard's figures and chart, of a location (everyone in scope) and of a company (role 1). */
  const scopes = [
    {
      path: '/locations/:id/',
      figures: {
        summary: 'Dashboard figures of a location: stock, theoretical stock, precision, stock change, days of supply, donuts',
        handle: service.locationStatistics,
      },
      chart: {
        summary: 'Dashboard chart of a location (module, granularity day|month|year, date_start, date_end)',
        handle: service.locationGraph,
      },
    },
    {
      path: '/companies/:id/',
      maxRole: COMPANY_MAX_ROLE,
      figures: { summary: 'Dashboard figures over every location of the company (role 1)', handle: service.companyStatistics },
      chart: { summary: 'Dashboard chart over every location of the company (role 1)', handle: service.companyGraph },
    },
  ];
  for (const { path, maxRole, figures, chart } of scopes) {
    const params = idParamSchema;
    app.get(
      `${path}statistics/`,
      route({ summary: figures.summary, maxRole, params, querystring: statsRangeQuerySchema, ok: locationStatisticsSchema }),
      async (request) => figures.handle(currentUser(request), request.params.id, request.query),
    );
    app.get(
      `${path}graphstatistics/`,
      route({ summary: chart.summary, maxRole, params, querystring: graphStatisticsQuerySchema, ok: graphStatisticsSchema }),
      async (request) => chart.handle(currentUser(request), request.params.id, request.query),
    );
  }

  /** A brand statistic, under both spellings (the spec writes these without the trailing slash). */
  const brandGet = <T extends z.ZodType>(
    path: string,
    summary: string,
    response: T,
    handle: (user: AuthUser, brandId: number, query: StatsRangeQuery) => Promise<z.infer<T>>,
  ) => {
    // Registered with the schema widened to ZodType: the handler's type above already ties it to the schema.
    const responseSchema: z.ZodType = response;
    for (const url of [`/brands/:id/${path}`, `/brands/:id/${path}/`]) {
      app.get(
        url,
        route({
          maxRole: BRAND_MAX_ROLE,
          summary: `${summary} (date_start, date_end; default the last 30 days; roles 1 and 2)`,
          params: idParamSchema,
          querystring: statsRangeQuerySchema,
          ok: responseSchema,
        }),
        async (request) => handle(currentUser(request), request.params.id, request.query),
      );
    }
  };
  brandGet('entries/statistics', 'Entry donut of the brand’s locations', brandEntriesStatisticsSchema, service.brandEntries);
  brandGet('purchasestats', 'Inbound figures of the brand’s locations', brandPurchaseStatsSchema, service.brandPurchaseStats);
  brandGet('entrystats', 'Movement entry figures of the brand’s locations', brandEntryStatsSchema, service.brandEntryStats);
  brandGet(
    'exitstats',
    'Exit figures (movements and online) of the brand’s locations',
    brandExitStatsSchema,
    service.brandExitStats,
  );
  brandGet('salestats', 'POS sales and returns of the brand’s locations', brandSaleStatsSchema, service.brandSaleStats);
  brandGet(
    'inventorystats',
    'Inventory figures of the brand’s locations',
    brandInventoryStatsSchema,
    service.brandInventoryStats,
  );

  app.get(
    '/dashboards/',
    route({
      maxRole: BRAND_MAX_ROLE,
      summary: 'Brand dashboards to embed (from BRAND_DASHBOARD_URL); ?description=Brand',
      querystring: dashboardsQuerySchema,
      ok: z.array(dashboardSchema),
    }),
    async (request) => service.dashboards(request.query.description),
  );

  pagedGet(
    '/stockev/',
    {
      summary: 'Stock evolution: daily stock snapshots (location, area, area__isnull, day__gte, day__lte, order_by)',
      querystring: stockEvolutionQuerySchema,
      row: stockEvolutionRowSchema,
      pageSize: STOCKEV_PAGE,
    },
    (user, { query }, page) => service.stockEvolution(user, query, page),
  );
};
