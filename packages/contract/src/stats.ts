// Request and response shapes of the stats module (Zod), and the pure rules the dashboard and the
// server share: the figures' formulas (spec section 9) and the chart ranges (spec section 5).
// The SQL behind each figure is in apps/server/src/modules/stats/stats.repository.ts.
import { z } from 'zod';
import {
  areaRefFields,
  intId,
  locationRefFields,
  nullableFields,
  pageQueryFields,
  statsRangeFields,
  statsRangeQuerySchema,
} from './common.js';
import { addDays, dayNumber, ISO_DAY } from './days.js';
import { inventoryStatsSchema } from './inventory.js';
import { movementEntryStatsSchema } from './movements.js';
import { exitStatsSchema } from './online.js';
import { inboundStatsSchema } from './orders.js';

/* ------------------------------------------------------------------ formulas */

/** Stock change (stock_evolution) in percent with 2 decimals: (now − a year ago) ÷ a year ago × 100; null without a base. */
export const stockChangePercent = (current: number, lastYear: number | null): number | null => {
  if (lastYear === null || lastYear === 0) return null;
  return Math.round(((current - lastYear) / Math.abs(lastYear)) * 10_000) / 100;
};

/**
 * Days of supply: how many days the stock lasts at the recent pace, stock ÷ (items out in the
 * last `days` days ÷ `days`), with one decimal; null when nothing went out (it never runs out)
 * and 0 when there is no stock.
 */
export const daysOfSupply = (stock: number, itemsOut: number, days: number): number | null => {
  if (stock <= 0) return 0;
  if (itemsOut <= 0 || days <= 0) return null;
  return Math.round((stock / (itemsOut / days)) * 10) / 10;
};

/** Order side status counts (status → orders) to an entry donut: 3 correct, 2 with differences, 0 and 1 waiting; 4 canceled is left out. */
export const entryDonut = (byStatus: Partial<Record<number, number>>) => ({
  correctly_received: byStatus[3] ?? 0,
  incorrectly_received: byStatus[2] ?? 0,
  waiting: (byStatus[0] ?? 0) + (byStatus[1] ?? 0),
});
/** The same for orders leaving (origin status). */
export const exitDonut = (byStatus: Partial<Record<number, number>>) => ({
  correctly_exited: byStatus[3] ?? 0,
  incorrectly_exited: byStatus[2] ?? 0,
  waiting: (byStatus[0] ?? 0) + (byStatus[1] ?? 0),
});
/** Online orders: sent once every box left (origin status 2 or 3), waiting while 0 or 1. */
export const onlineDonut = (byStatus: Partial<Record<number, number>>) => ({
  sended: (byStatus[2] ?? 0) + (byStatus[3] ?? 0),
  waiting: (byStatus[0] ?? 0) + (byStatus[1] ?? 0),
});

/* ------------------------------------------------------------------ chart ranges (spec section 5) */

export const CHART_GRANULARITIES = ['day', 'month', 'year'] as const;
export type ChartGranularity = (typeof CHART_GRANULARITIES)[number];
/** Days: the range spans at most 60 days (end − start). */
export const CHART_MAX_DAYS = 60;
/** Years: the year list spans 50 years back (this year and the 49 before). */
export const CHART_YEARS_BACK = 50;
/** Months: a range over at most this many months (the server's limit; the spec sets none). */
export const CHART_MAX_MONTHS = 120;

export { addDays, dayNumber } from './days.js';

const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** YYYY-MM `n` months after `month`. */
export const addMonths = (month: string, n: number): string => {
  const m = ISO_MONTH.exec(month);
  if (!m) return month;
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** The default chart: days, the last 60 days up to today. */
export const defaultChartRange = (today: string): { granularity: 'day'; start: string; end: string } => ({
  granularity: 'day',
  start: addDays(today, -CHART_MAX_DAYS),
  end: today,
});

export type DayRangeProblem = 'invalid' | 'start_after_today' | 'end_after_today' | 'start_not_before_end' | 'too_long';

/**
 * Days (spec section 5): start before end, neither after today, at most 60 days apart. Returns the
 * problem, or null when the range can be used.
 */
export const checkDayRange = (start: string, end: string, today: string): DayRangeProblem | null => {
  const s = dayNumber(start);
  const e = dayNumber(end);
  const t = dayNumber(today);
  if (s === null || e === null || t === null) return 'invalid';
  if (s > t) return 'start_after_today';
  if (e > t) return 'end_after_today';
  if (s >= e) return 'start_not_before_end';
  if (e - s > CHART_MAX_DAYS) return 'too_long';
  return null;
};

/** Months (spec section 5): when start ≥ end, end becomes start plus 2 months. Months are YYYY-MM. */
export const fixMonthRange = (start: string, end: string): { start: string; end: string } =>
  ISO_MONTH.test(start) && (!ISO_MONTH.test(end) || start >= end) ? { start, end: addMonths(start, 2) } : { start, end };

/** Years (spec section 5): the list spans 50 years back from this year, newest first. */
export const chartYears = (currentYear: number): number[] => Array.from({ length: CHART_YEARS_BACK }, (_, i) => currentYear - i);
/** Start years: before the end year. */
export const startYearOptions = (years: readonly number[], endYear: number): number[] => years.filter((y) => y < endYear);
/** End years: after the start year. */
export const endYearOptions = (years: readonly number[], startYear: number): number[] => years.filter((y) => y > startYear);

/** The number of buckets between two YYYY-MM-DD days at a granularity (both ends included). */
export const bucketCount = (granularity: ChartGranularity, start: string, end: string): number => {
  const [sy, sm] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [ey, em] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
  if (granularity === 'year') return ey - sy + 1;
  if (granularity === 'month') return (ey - sy) * 12 + (em - sm) + 1;
  const s = dayNumber(start);
  const e = dayNumber(end);
  return s === null || e === null ? 0 : e - s + 1;
};

/** The x axis of a chart: YYYY-MM-DD days, YYYY-MM months or YYYY years from start to end (included). */
export const chartBuckets = (granularity: ChartGranularity, start: string, end: string): string[] => {
  const n = bucketCount(granularity, start, end);
  if (n <= 0) return [];
  if (granularity === 'year') return Array.from({ length: n }, (_, i) => String(Number(start.slice(0, 4)) + i));
  if (granularity === 'month') return Array.from({ length: n }, (_, i) => addMonths(start.slice(0, 7), i));
  return Array.from({ length: n }, (_, i) => addDays(start, i));
};

/* ------------------------------------------------------------------ location and company statistics */

export type StatsRangeQuery = z.infer<typeof statsRangeQuerySchema>;

export const entryDonutSchema = z.object({
  correctly_received: z.number(),
  incorrectly_received: z.number(),
  waiting: z.number(),
});
export const exitDonutSchema = z.object({
  correctly_exited: z.number(),
  incorrectly_exited: z.number(),
  waiting: z.number(),
});
export const onlineDonutSchema = z.object({ sended: z.number(), waiting: z.number() });

/**
 * Location statistics (spec section 3), GET /locations/{id}/statistics/ and, over every location
 * of a company the user sees, GET /companies/{id}/statistics/. Formulas (README "Dashboard"):
 * - stock: items STOCKED in the location's areas + counted (non-RFID) stock of those areas, now;
 * - theorical_stock: expected contents of the boxes received here (destination side verified)
 *   − expected contents of the boxes shipped from here (origin side verified), all time;
 * - precision: abs(stock) ÷ theorical_stock × 100 as an integer, 0 when theorical_stock is 0;
 * - current_year_stock = stock; last_year_stock: the daily snapshot of the same day a year ago
 *   (the latest one on or before it), null without one;
 * - stock_evolution (stock change %): (current_year_stock − last_year_stock) ÷ last_year_stock × 100, 2 decimals;
 * - days_of_supply: stock ÷ (items out in the last 30 days ÷ 30), 1 decimal; items out = POS sale
 *   items + expected contents of boxes shipped (movement and online, origin verified); null when none went out;
 * - entrys: purchase orders and movements arriving here, created in the range, by destination status;
 * - exits: movements leaving here, by origin status; online: online orders leaving here.
 */
export const locationStatisticsSchema = z.object({
  scope: z.object({ kind: z.enum(['location', 'company']), id: z.number(), description: z.string() }),
  date_start: z.string(),
  date_end: z.string(),
  stock: z.number(),
  theorical_stock: z.number(),
  precision: z.number(),
  stock_evolution: z.number().nullable(),
  current_year_stock: z.number(),
  last_year_stock: z.number().nullable(),
  days_of_supply: z.number().nullable(),
  /** Items out in the 30 days before now (POS sales + boxes shipped): the pace behind days_of_supply. */
  items_out_30_days: z.number(),
  entrys: entryDonutSchema,
  exits: exitDonutSchema,
  online: onlineDonutSchema,
});
export type LocationStatistics = z.infer<typeof locationStatisticsSchema>;

/* ------------------------------------------------------------------ graph statistics */

export const CHART_MODULES = ['stock', 'inbound', 'outbound', 'online', 'pos'] as const;
export type ChartModule = (typeof CHART_MODULES)[number];

/** The series of each module, in the order the server answers them. */
export const CHART_SERIES: Record<ChartModule, readonly string[]> = {
  stock: ['stock', 'theorical_stock'],
  inbound: ['correctly_received', 'incorrectly_received', 'waiting'],
  outbound: ['correctly_exited', 'incorrectly_exited', 'waiting'],
  online: ['sended', 'waiting'],
  pos: ['sales', 'returns'],
};

/**
 * GET /locations/{id}/graphstatistics/ (and /companies/{id}/graphstatistics/): module, granularity
 * (day, month, year; also the spec's Days/Months/Years), date_start and date_end as YYYY-MM-DD
 * (a month or a year may be given as YYYY-MM or YYYY). Default: stock, days, the last 60 days.
 */
export const graphStatisticsQuerySchema = z.object({
  module: z.enum(CHART_MODULES).optional(),
  granularity: z
    .enum(['day', 'month', 'year', 'days', 'months', 'years', 'Days', 'Months', 'Years'])
    .transform((g) => g.toLowerCase().replace(/s$/, '') as ChartGranularity)
    .optional(),
  ...statsRangeQuerySchema.shape,
});
export type GraphStatisticsQuery = z.input<typeof graphStatisticsQuerySchema>;

/**
 * Graph statistics (spec section 3): x_axis (YYYY-MM-DD, YYYY-MM or YYYY) and one series per
 * figure (name, data, one value per x). Series (README "Dashboard"):
 * - stock: stock and theorical_stock of the daily snapshot at the end of each bucket (the last day
 *   with one; today: now); null where no snapshot exists;
 * - inbound: orders arriving (purchase and movement) created in the bucket, by destination status;
 * - outbound: movements leaving, by origin status; online: online orders leaving;
 * - pos: POS items sold and returned (quantity of the items of sales and returns ending in the bucket).
 */
export const graphStatisticsSchema = z.object({
  module: z.enum(CHART_MODULES),
  granularity: z.enum(CHART_GRANULARITIES),
  date_start: z.string(),
  date_end: z.string(),
  x_axis: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number().nullable()) })),
});
export type GraphStatistics = z.infer<typeof graphStatisticsSchema>;

/* ------------------------------------------------------------------ brand statistics */

/** GET /brands/{id}/entries/statistics: the entry donut over the brand's locations, created in the range. */
export const brandEntriesStatisticsSchema = entryDonutSchema.extend({
  orders: z.number(),
  locations: z.number(),
  ...statsRangeFields,
});
export type BrandEntriesStatistics = z.infer<typeof brandEntriesStatisticsSchema>;

/** GET /brands/{id}/purchasestats: the inbound figures over purchase orders to the brand's locations. */
export const brandPurchaseStatsSchema = inboundStatsSchema;
/** GET /brands/{id}/entrystats: movement entry figures over movements arriving at the brand's locations. */
export const brandEntryStatsSchema = movementEntryStatsSchema;
/** GET /brands/{id}/exitstats: exit figures over movements and online orders leaving the brand's locations. */
export const brandExitStatsSchema = exitStatsSchema;

/**
 * GET /brands/{id}/salestats: POS figures of the brand's locations, over sales and returns ending in
 * the range: sales and returns (transactions), items_sold and items_returned (items with quantity 1),
 * daily_sales and daily_items_sold (÷ days in the range, 2 decimals).
 */
export const brandSaleStatsSchema = z.object({
  sales: z.number(),
  items_sold: z.number(),
  returns: z.number(),
  items_returned: z.number(),
  daily_sales: z.number(),
  daily_items_sold: z.number(),
  ...statsRangeFields,
});
export type BrandSaleStats = z.infer<typeof brandSaleStatsSchema>;

/**
 * GET /brands/{id}/inventorystats: inventory figures (spec section 3) of the brand's locations over
 * inventories started in the range. Times in minutes (2 decimals):
 * total_inventory_count; pending_inventories (state 0 or 1); validated_inventories (state 2);
 * avg_inventory_time = avg(end − start) of the validated; avg_inventory_items = avg items read of
 * the validated; avg_inventory_accuracy = avg(matched ÷ max(expected, read) × 100) of the validated;
 * estimated_inventory_time = the brand's stock now ÷ (Σ items read ÷ Σ minutes) of the validated.
 */
export const brandInventoryStatsSchema = inventoryStatsSchema.omit({ stock: true });
export type BrandInventoryStats = z.infer<typeof brandInventoryStatsSchema>;

/* ------------------------------------------------------------------ brand dashboard, stock evolution */

/** GET /dashboards/?description=Brand (spec section 7): a list whose first item has full_url. */
export const dashboardsQuerySchema = z.object({ description: z.string().optional() });
export const dashboardSchema = z.object({ id: z.number(), description: z.string(), full_url: z.string() });
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * GET /stockev/: the daily stock snapshots (stock evolution) of the locations the user sees.
 * Filters: location, area (an area's rows), area__isnull=true (location totals only; the
 * default when no area is given), day__gte, day__lte; order_by day | -day (default -day); 20 per page.
 */
export const stockEvolutionQuerySchema = z.object({
  ...pageQueryFields,
  order_by: z.enum(['day', '-day']).optional(),
  location: intId().optional(),
  area: intId().optional(),
  area__isnull: z.enum(['true', 'false', 'True', 'False']).optional(),
  day__gte: z.string().regex(ISO_DAY, 'Enter a date as YYYY-MM-DD.').optional(),
  day__lte: z.string().regex(ISO_DAY, 'Enter a date as YYYY-MM-DD.').optional(),
});
export const stockEvolutionRowSchema = z.object({
  day: z.string(),
  ...locationRefFields,
  ...nullableFields(areaRefFields),
  quantity: z.number(),
  theoretical_quantity: z.number(),
});
export type StockEvolutionRow = z.infer<typeof stockEvolutionRowSchema>;
