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
  pageOf,
  type StatsRangeQuery,
  statsRangeQuerySchema,
  stockEvolutionQuerySchema,
  stockEvolutionRowSchema,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageParams, toPage } from '../../http/paging.js';
import { errorResponses } from '../../http/route-schemas.js';
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
  const tags = ['stats'];

  app.get(
    '/locations/:id/statistics/',
    {
      schema: {
        tags,
        summary: 'Dashboard figures of a location: stock, theoretical stock, precision, stock change, days of supply, donuts',
        params: idParamSchema,
        querystring: statsRangeQuerySchema,
        response: { 200: locationStatisticsSchema, ...errorResponses },
      },
    },
    async (request) => service.locationStatistics(currentUser(request), request.params.id, request.query),
  );
  app.get(
    '/locations/:id/graphstatistics/',
    {
      schema: {
        tags,
        summary: 'Dashboard chart of a location (module, granularity day|month|year, date_start, date_end)',
        params: idParamSchema,
        querystring: graphStatisticsQuerySchema,
        response: { 200: graphStatisticsSchema, ...errorResponses },
      },
    },
    async (request) => service.locationGraph(currentUser(request), request.params.id, request.query),
  );
  app.get(
    '/companies/:id/statistics/',
    {
      config: { maxRole: COMPANY_MAX_ROLE },
      schema: {
        tags,
        summary: 'Dashboard figures over every location of the company (role 1)',
        params: idParamSchema,
        querystring: statsRangeQuerySchema,
        response: { 200: locationStatisticsSchema, ...errorResponses },
      },
    },
    async (request) => service.companyStatistics(currentUser(request), request.params.id, request.query),
  );
  app.get(
    '/companies/:id/graphstatistics/',
    {
      config: { maxRole: COMPANY_MAX_ROLE },
      schema: {
        tags,
        summary: 'Dashboard chart over every location of the company (role 1)',
        params: idParamSchema,
        querystring: graphStatisticsQuerySchema,
        response: { 200: graphStatisticsSchema, ...errorResponses },
      },
    },
    async (request) => service.companyGraph(currentUser(request), request.params.id, request.query),
  );

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
        {
          config: { maxRole: BRAND_MAX_ROLE },
          schema: {
            tags,
            summary: `${summary} (date_start, date_end; default the last 30 days; roles 1 and 2)`,
            params: idParamSchema,
            querystring: statsRangeQuerySchema,
            response: { 200: responseSchema, ...errorResponses },
          },
        },
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
    {
      config: { maxRole: BRAND_MAX_ROLE },
      schema: {
        tags,
        summary: 'Brand dashboards to embed (from BRAND_DASHBOARD_URL); ?description=Brand',
        querystring: dashboardsQuerySchema,
        response: { 200: z.array(dashboardSchema), ...errorResponses },
      },
    },
    async (request) => service.dashboards(request.query.description),
  );

  app.get(
    '/stockev/',
    {
      schema: {
        tags,
        summary: 'Stock evolution: daily stock snapshots (location, area, area__isnull, day__gte, day__lte, order_by)',
        querystring: stockEvolutionQuerySchema,
        response: { 200: pageOf(stockEvolutionRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const page = pageParams(request.query, STOCKEV_PAGE);
      const { count, results } = await service.stockEvolution(currentUser(request), request.query, page);
      return toPage(request, page, count, results);
    },
  );
};
