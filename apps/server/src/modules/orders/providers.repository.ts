import type { providerListQuerySchema } from '@rfid/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { companyRowById } from '../../db/company-rows.js';
import { parseRows } from '../../db/rows.js';
import { orders, providers } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import { buildFilters, buildOrderBy, type FilterSpec } from '../../http/filters.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { visibleOrders } from './order-scope.repository.js';

/** Orders core: the providers of purchase orders. */

export const getProvider = async (db: DbOrTx, companyId: number, id: number) =>
  companyRowById(db.select({ id: providers.id, name: providers.name }).from(providers).$dynamic(), providers, { companyId, id });

export const providerFilters: FilterSpec = {
  name: { column: providers.name, lookups: ['exact', 'icontains', 'contains'] },
  id: { column: providers.id, lookups: ['exact', 'icontains'], type: 'number' },
};

export const listProviders = async (
  db: DbOrTx,
  companyId: number,
  query: z.output<typeof providerListQuerySchema>,
  page: PageParams,
) => {
  const spec = providerFilters;
  const where = and(eq(providers.companyId, companyId), buildFilters(query, spec));
  const order = buildOrderBy(query.order_by, { name: providers.name, id: providers.id }, [
    asc(providers.name),
    asc(providers.id),
  ]);
  const selected = db.select({ id: providers.id, name: providers.name }).from(providers).where(where).$dynamic();
  return pageOf(db, selected, order, page);
};

const providerStatsRow = z.object({
  order_count: z.coerce.number(),
  avg_reception: z.coerce.number().nullable(),
  late: z.coerce.number(),
  arrived: z.coerce.number(),
});

/**
 * Provider statistics over the purchase orders the user sees.
 * - order_count = count(orders)
 * - average_reception_time (hours) = avg(last box reading − order arrival) over received orders
 * - delay_percent = 100 × count(arrival_date > estimated_arrival_date) / count(arrived with an estimate)
 */
export const providerStats = async (db: DbOrTx, user: AuthUser, providerId: number) => {
  const where = and(eq(orders.providerId, providerId), visibleOrders(user));
  const [r] = parseRows(
    providerStatsRow,
    await db.execute(sql`
      select count(*)::int as order_count,
        avg(extract(epoch from (lb.last_box - orders.arrival_date)))::float8 as avg_reception,
        count(*) filter (where orders.arrival_date > orders.estimated_arrival_date)::int as late,
        count(*) filter (where orders.arrival_date is not null and orders.estimated_arrival_date is not null)::int as arrived
      from orders
      left join lateral (select max(b.destination_reading_time) as last_box from boxes b where b.order_id = orders.id) lb on true
      where orders.type = 'purchase' and ${where}`),
  );
  const arrived = r?.arrived ?? 0;
  return {
    orderCount: r?.order_count ?? 0,
    averageReceptionSeconds: r?.avg_reception ?? null,
    delayPercent: arrived === 0 ? 0 : Math.round((100 * (r?.late ?? 0)) / arrived),
  };
};
