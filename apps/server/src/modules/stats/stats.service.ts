import {
  type BrandEntriesStatistics,
  type BrandInventoryStats,
  type BrandSaleStats,
  CHART_SERIES,
  type ChartGranularity,
  type ChartModule,
  chartBuckets,
  type Dashboard,
  dayOf,
  daysOfSupply,
  type ExitStats,
  entryDonut,
  exitDonut,
  type GraphStatistics,
  type InboundStats,
  type LocationStatistics,
  type MovementEntryStats,
  onlineDonut,
  precisionPercent,
  type StatsRangeQuery,
  type StockEvolutionRow,
  stockChangePercent,
} from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import { createLocationsService } from '../locations/locations.service.js';
import { toEntryStats, toExitStats, toInboundStats } from './figures.js';
import * as figures from './figures.repository.js';
import * as repo from './stats.repository.js';
import {
  bucketFormat,
  bucketOf,
  chartRange,
  daysRange,
  LAST_YEAR_LOOKBACK_DAYS,
  minutes,
  perDay,
  SUPPLY_WINDOW_DAYS,
  sameDayLastYear,
  statsRange,
} from './stats.rules.js';

const DAY_MS = 86_400_000;

/** A dashboard's scope; its days are the days of `timeZone` (the location's, or the one of its locations). */
type Scope = { kind: 'location' | 'company'; id: number; description: string; locationIds: number[]; timeZone: string };

/**
 * The brand dashboards (GET /dashboards/): the schema has no dashboards table, so they come from
 * the configuration. BRAND_DASHBOARD_URL (http or https) is the "Brand" dashboard; unset → none.
 */
export const configuredDashboards = (brandDashboardUrl: string | undefined): Dashboard[] => {
  const url = brandDashboardUrl?.trim();
  if (!url) return [];
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return [];
  } catch {
    return [];
  }
  return [{ id: 1, description: 'Brand', full_url: url }];
};

export const createStatsService = (db: Db, { brandDashboardUrl }: { brandDashboardUrl?: string | undefined } = {}) => {
  const locationsService = createLocationsService(db);
  const locationScope = async (user: AuthUser, locationId: number): Promise<Scope> => {
    const location = await requireLocation(db, user, locationId);
    const { id, description, timeZone } = location;
    return { kind: 'location', id, description, locationIds: [id], timeZone };
  };
  const companyScope = async (user: AuthUser, companyId: number): Promise<Scope> => {
    const company = companyId === user.companyId ? await repo.companyOf(db, companyId) : undefined;
    if (!company) throw notFound('admin.company_not_found');
    const locationIds = await repo.visibleLocationIds(db, user);
    const timeZone = await locationsService.scopeTimeZone({ companyId, locationIds });
    return { kind: 'company', id: company.id, description: company.name, locationIds, timeZone };
  };
  const brandScope = async (user: AuthUser, brandId: number) => {
    const brand = await repo.brandOf(db, user.companyId, brandId);
    if (!brand) throw notFound('brand.not_found');
    const locationIds = await repo.brandLocationIds(db, user, brand.id);
    const timeZone = await locationsService.scopeTimeZone({ companyId: user.companyId, locationIds });
    return { ...brand, locationIds, timeZone };
  };

  /** The dashboard's figures of a scope (formulas in packages/contract/src/stats.ts, SQL in the repository). */
  const statistics = async (scope: Scope, query: StatsRangeQuery, now: Date): Promise<LocationStatistics> => {
    const { from, to } = statsRange(query, now, scope.timeZone);
    const { locationIds } = scope;
    const [stock, theoretical, lastYear, out, counts] = await Promise.all([
      repo.stockNow(db, locationIds),
      repo.theoreticalNow(db, locationIds),
      repo.snapshotTotalOn(db, {
        locationIds,
        day: sameDayLastYear(dayOf(now, scope.timeZone)),
        lookbackDays: LAST_YEAR_LOOKBACK_DAYS,
      }),
      repo.itemsOut(db, { locationIds, from: new Date(now.getTime() - SUPPLY_WINDOW_DAYS * DAY_MS), to: now }),
      repo.orderStatusCounts(db, { locationIds, from, to }),
    ]);
    return {
      scope: { kind: scope.kind, id: scope.id, description: scope.description },
      date_start: from.toISOString(),
      date_end: to.toISOString(),
      stock,
      theorical_stock: theoretical,
      precision: precisionPercent(stock, theoretical),
      stock_evolution: stockChangePercent(stock, lastYear),
      current_year_stock: stock,
      last_year_stock: lastYear,
      days_of_supply: daysOfSupply(stock, out, SUPPLY_WINDOW_DAYS),
      items_out_30_days: out,
      entrys: entryDonut(counts.entry),
      exits: exitDonut(counts.exit),
      online: onlineDonut(counts.online),
    };
  };

  const graph = async (
    scope: Scope,
    query: { module?: ChartModule; granularity?: ChartGranularity; date_start?: string; date_end?: string },
    now: Date,
  ): Promise<GraphStatistics> => {
    const module = query.module ?? 'stock';
    const today = dayOf(now, scope.timeZone);
    const { granularity, start, end } = chartRange(query, today);
    const format = bucketFormat(granularity);
    const x = chartBuckets(granularity, start, end);
    const index = new Map(x.map((bucket, i) => [bucket, i]));
    const names = CHART_SERIES[module];
    const { from, to } = daysRange(start, end, scope.timeZone);
    const { locationIds, timeZone } = scope;

    if (module === 'stock') {
      const stock: (number | null)[] = x.map(() => null);
      const theoretical: (number | null)[] = x.map(() => null);
      for (const r of await repo.stockBuckets(db, { locationIds, start, end, format })) {
        const i = index.get(r.bucket);
        if (i === undefined) continue;
        stock[i] = r.quantity;
        theoretical[i] = r.theoretical;
      }
      // The bucket holding today shows the stock now, not the last snapshot.
      const current = index.get(bucketOf(granularity, today));
      if (current !== undefined && end >= today) {
        const [s, t] = await Promise.all([repo.stockNow(db, locationIds), repo.theoreticalNow(db, locationIds)]);
        stock[current] = s;
        theoretical[current] = t;
      }
      return result({ module, granularity, start, end, x, series: [stock, theoretical], names });
    }

    const series = names.map(() => x.map(() => 0));
    const add = (name: string, bucket: string, n: number) => {
      const i = index.get(bucket);
      const s = series[names.indexOf(name)];
      if (i !== undefined && s) s[i] = (s[i] ?? 0) + n;
    };
    if (module === 'pos') {
      for (const r of await repo.posBuckets(db, { locationIds, from, to, format, timeZone })) {
        add(r.key === 'sale' ? 'sales' : 'returns', r.bucket, r.n);
      }
    } else {
      for (const r of await repo.orderBuckets(db, { locationIds, module, from, to, format, timeZone })) {
        const status = Number(r.key);
        const name =
          module === 'online'
            ? status === 2 || status === 3
              ? 'sended'
              : status <= 1
                ? 'waiting'
                : null
            : status === 3
              ? module === 'inbound'
                ? 'correctly_received'
                : 'correctly_exited'
              : status === 2
                ? module === 'inbound'
                  ? 'incorrectly_received'
                  : 'incorrectly_exited'
                : status <= 1
                  ? 'waiting'
                  : null; // 4 canceled is not shown
        if (name) add(name, r.bucket, r.n);
      }
    }
    return result({ module, granularity, start, end, x, series, names });
  };

  const result = ({
    module,
    granularity,
    start,
    end,
    x,
    series,
    names,
  }: {
    module: ChartModule;
    granularity: ChartGranularity;
    start: string;
    end: string;
    x: string[];
    series: (number | null)[][];
    names: readonly string[];
  }): GraphStatistics => ({
    module,
    granularity,
    date_start: start,
    date_end: end,
    x_axis: x,
    series: names.map((name, i) => ({ name, data: series[i] ?? [] })),
  });

  return {
    async locationStatistics(user: AuthUser, locationId: number, query: StatsRangeQuery, now = new Date()) {
      return statistics(await locationScope(user, locationId), query, now);
    },
    async companyStatistics(user: AuthUser, companyId: number, query: StatsRangeQuery, now = new Date()) {
      return statistics(await companyScope(user, companyId), query, now);
    },
    async locationGraph(user: AuthUser, locationId: number, query: Parameters<typeof graph>[1], now = new Date()) {
      return graph(await locationScope(user, locationId), query, now);
    },
    async companyGraph(user: AuthUser, companyId: number, query: Parameters<typeof graph>[1], now = new Date()) {
      return graph(await companyScope(user, companyId), query, now);
    },

    async brandEntries(user: AuthUser, brandId: number, query: StatsRangeQuery): Promise<BrandEntriesStatistics> {
      const brand = await brandScope(user, brandId);
      const { from, to } = statsRange(query, undefined, brand.timeZone);
      const counts = await repo.orderStatusCounts(db, { locationIds: brand.locationIds, from, to });
      const donut = entryDonut(counts.entry);
      return {
        ...donut,
        orders: Object.values(counts.entry).reduce<number>((sum, n) => sum + (n ?? 0), 0),
        locations: brand.locationIds.length,
        from: from.toISOString(),
        to: to.toISOString(),
      };
    },
    async brandPurchaseStats(user: AuthUser, brandId: number, query: StatsRangeQuery, now = new Date()): Promise<InboundStats> {
      const brand = await brandScope(user, brandId);
      const { from, to, days } = statsRange(query, now, brand.timeZone);
      const today = daysRange(dayOf(now, brand.timeZone), dayOf(now, brand.timeZone), brand.timeZone);
      const s = await figures.inboundFigures(db, {
        locationIds: brand.locationIds,
        from,
        to,
        dayStart: today.from,
        dayEnd: today.to,
      });
      return toInboundStats(s, { from, to, days });
    },
    async brandEntryStats(user: AuthUser, brandId: number, query: StatsRangeQuery): Promise<MovementEntryStats> {
      const brand = await brandScope(user, brandId);
      const { from, to, days } = statsRange(query, undefined, brand.timeZone);
      return toEntryStats(await figures.entryFigures(db, { locationIds: brand.locationIds, from, to }), { from, to, days });
    },
    async brandExitStats(user: AuthUser, brandId: number, query: StatsRangeQuery): Promise<ExitStats> {
      const brand = await brandScope(user, brandId);
      const { from, to, days } = statsRange(query, undefined, brand.timeZone);
      const s = await figures.exitFigures(db, { types: ['movement', 'online'], locationIds: brand.locationIds, from, to });
      return toExitStats(s, { from, to, days });
    },
    async brandSaleStats(user: AuthUser, brandId: number, query: StatsRangeQuery): Promise<BrandSaleStats> {
      const brand = await brandScope(user, brandId);
      const { from, to, days } = statsRange(query, undefined, brand.timeZone);
      const s = await figures.saleFigures(db, { locationIds: brand.locationIds, from, to });
      return {
        sales: s.sales,
        items_sold: s.itemsSold,
        returns: s.returns,
        items_returned: s.itemsReturned,
        daily_sales: perDay(s.sales, days),
        daily_items_sold: perDay(s.itemsSold, days),
        from: from.toISOString(),
        to: to.toISOString(),
      };
    },
    async brandInventoryStats(user: AuthUser, brandId: number, query: StatsRangeQuery): Promise<BrandInventoryStats> {
      const brand = await brandScope(user, brandId);
      const { from, to } = statsRange(query, undefined, brand.timeZone);
      const [s, stock] = await Promise.all([
        figures.inventoryFigures(db, { locationIds: brand.locationIds, from, to }),
        repo.stockNow(db, brand.locationIds),
      ]);
      // Reading rate of the validated inventories (items per second) → how long counting the brand's stock takes.
      const rate = s.secondsSum > 0 ? s.readSum / s.secondsSum : 0;
      const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
      return {
        total_inventory_count: s.total,
        pending_inventories: s.pending,
        validated_inventories: s.validated,
        estimated_inventory_time: rate > 0 ? minutes(stock / rate) : null,
        avg_inventory_time: minutes(s.avgSeconds),
        avg_inventory_items: round2(s.avgItems),
        avg_inventory_accuracy: round2(s.avgAccuracy),
        from: from.toISOString(),
        to: to.toISOString(),
      };
    },

    dashboards(description: string | undefined): Dashboard[] {
      const all = configuredDashboards(brandDashboardUrl);
      if (!description) return all;
      const wanted = description.trim().toLowerCase();
      return all.filter((d) => d.description.toLowerCase() === wanted);
    },

    async stockEvolution(
      user: AuthUser,
      query: {
        location?: number;
        area?: number;
        area__isnull?: string;
        day__gte?: string;
        day__lte?: string;
        order_by?: 'day' | '-day';
      },
      page: PageParams,
    ): Promise<{ count: number; results: StockEvolutionRow[] }> {
      if (query.location !== undefined) await requireLocation(db, user, query.location);
      const areaIsNull = query.area__isnull === undefined ? true : query.area__isnull.toLowerCase() === 'true';
      const { count, rows } = await repo.listStockEvolution(db, {
        user,
        location: query.location,
        area: query.area,
        areaIsNull,
        dayGte: query.day__gte,
        dayLte: query.day__lte,
        ascending: query.order_by === 'day',
        page,
      });
      return {
        count,
        results: rows.map((r) => ({
          day: r.day,
          location: r.location,
          location_description: r.locationDescription,
          area: r.area,
          area_description: r.areaDescription,
          quantity: r.quantity,
          theoretical_quantity: r.theoreticalQuantity,
        })),
      };
    },
  };
};

export type StatsService = ReturnType<typeof createStatsService>;
