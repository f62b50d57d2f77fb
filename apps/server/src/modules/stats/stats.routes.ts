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
  statsRangeQuerySchema,
  stockEvolutionQuerySchema,
  stockEvolutionRowSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createFiguresRepository } from './figures.repository.js';
import { createStatsRepository } from './stats.repository.js';
import { getBrandEntries } from './use-cases/get-brand-entries.js';
import { getBrandEntryStats } from './use-cases/get-brand-entry-stats.js';
import { getBrandExitStats } from './use-cases/get-brand-exit-stats.js';
import { getBrandInventoryStats } from './use-cases/get-brand-inventory-stats.js';
import { getBrandPurchaseStats } from './use-cases/get-brand-purchase-stats.js';
import { getBrandSaleStats } from './use-cases/get-brand-sale-stats.js';
import { getGraph } from './use-cases/get-graph.js';
import { getStatistics } from './use-cases/get-statistics.js';
import { listDashboards } from './use-cases/list-dashboards.js';
import { listStockEvolution } from './use-cases/list-stock-evolution.js';
import type { BrandStatsInput } from './use-cases/stats-scope.js';

/** The Company tab (and so a company's dashboard) is role 1's; the Brand tab and menu roles 1 and 2's (spec section 6). */
const COMPANY_MAX_ROLE = 1;
const BRAND_MAX_ROLE = 2;
/** GET /stockev/: the default page size (spec section 9, "Default 20"). */
const STOCKEV_PAGE = 20;

/**
 * Statistics (spec sections 2 "Dashboard", 3 and 7): the dashboard's figures and chart of a
 * location or a company, the brand statistics, the brand dashboards and the stock evolution.
 * Formulas: packages/contract/src/stats.ts; rules: use-cases/; SQL: stats.repository.ts and figures.repository.ts.
 */
export const statsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { readDb, config }) => {
  // Statistics only read: from the read replica while it keeps up (docs/read-replicas.md).
  const deps = { repo: createStatsRepository(readDb), figures: createFiguresRepository(readDb), now: () => new Date() };
  const route = routeDeclarer(['stats']);
  const pagedGet = pagedGetter(app, route);

  /** The dashboard's figures and chart, of a location (everyone in scope) and of a company (role 1). */
  const scopes = [
    {
      path: '/locations/:id/',
      kind: 'location' as const,
      figures: 'Dashboard figures of a location: stock, theoretical stock, precision, stock change, days of supply, donuts',
      chart: 'Dashboard chart of a location (module, granularity day|month|year, date_start, date_end)',
    },
    {
      path: '/companies/:id/',
      kind: 'company' as const,
      maxRole: COMPANY_MAX_ROLE,
      figures: 'Dashboard figures over every location of the company (role 1)',
      chart: 'Dashboard chart over every location of the company (role 1)',
    },
  ];
  for (const { path, kind, maxRole, figures, chart } of scopes) {
    const params = idParamSchema;
    app.get(
      `${path}statistics/`,
      route({ summary: figures, maxRole, params, querystring: statsRangeQuerySchema, ok: locationStatisticsSchema }),
      async (request) =>
        getStatistics(deps, { user: currentUser(request), target: { kind, id: request.params.id }, query: request.query }),
    );
    app.get(
      `${path}graphstatistics/`,
      route({ summary: chart, maxRole, params, querystring: graphStatisticsQuerySchema, ok: graphStatisticsSchema }),
      async (request) =>
        getGraph(deps, { user: currentUser(request), target: { kind, id: request.params.id }, query: request.query }),
    );
  }

  /** A brand statistic, under both spellings (the spec writes these without the trailing slash). */
  const brandGet = <T extends z.ZodType>(
    path: string,
    summary: string,
    response: T,
    handle: (statsDeps: typeof deps, input: BrandStatsInput) => Promise<z.infer<T>>,
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
        async (request) => handle(deps, { user: currentUser(request), brandId: request.params.id, query: request.query }),
      );
    }
  };
  brandGet('entries/statistics', 'Entry donut of the brand’s locations', brandEntriesStatisticsSchema, getBrandEntries);
  brandGet('purchasestats', 'Inbound figures of the brand’s locations', brandPurchaseStatsSchema, getBrandPurchaseStats);
  brandGet('entrystats', 'Movement entry figures of the brand’s locations', brandEntryStatsSchema, getBrandEntryStats);
  brandGet('exitstats', 'Exit figures (movements and online) of the brand’s locations', brandExitStatsSchema, getBrandExitStats);
  brandGet('salestats', 'POS sales and returns of the brand’s locations', brandSaleStatsSchema, getBrandSaleStats);
  brandGet('inventorystats', 'Inventory figures of the brand’s locations', brandInventoryStatsSchema, getBrandInventoryStats);

  app.get(
    '/dashboards/',
    route({
      maxRole: BRAND_MAX_ROLE,
      summary: 'Brand dashboards to embed (from BRAND_DASHBOARD_URL); ?description=Brand',
      querystring: dashboardsQuerySchema,
      ok: z.array(dashboardSchema),
    }),
    async (request) => listDashboards({ brandDashboardUrl: config.brandDashboardUrl }, request.query),
  );

  pagedGet(
    '/stockev/',
    {
      summary: 'Stock evolution: daily stock snapshots (location, area, area__isnull, day__gte, day__lte, order_by)',
      querystring: stockEvolutionQuerySchema,
      row: stockEvolutionRowSchema,
      pageSize: STOCKEV_PAGE,
    },
    (user, { query }, page) => listStockEvolution(deps, { user, query, page }),
  );
};
