import { InventoryState, OrderStatus } from '@rfid/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { inScope } from '../../db/sql.js';

/**
 * The dashboards' figures, one query per figure set over a list of location ids: one location's
 * dashboard (inbound, online, movements, inventory) passes `[id]`, a brand's passes its locations.
 * The formula is beside each figure.
 */

type Range = { locationIds: readonly number[]; from: Date; to: Date };

const count = z.coerce.number();
const seconds = z.coerce.number().nullable();
const PENDING = [OrderStatus.Unchecked, OrderStatus.Checking] as const;

const inboundRow = z.object({
  orders: count,
  avg_delay: seconds,
  avg_reception: seconds,
  max_reception: seconds,
  incorrect: count,
  correct: count,
});
const todayRow = z.object({ total: count, pending: count });

/** Inbound figures over purchase orders arriving at the locations, created in [from, to]. */
export const inboundFigures = async (
  db: DbOrTx,
  { locationIds, from, to, dayStart, dayEnd }: Range & { dayStart: Date; dayEnd: Date },
) => {
  const arriving = sql`o.type = 'purchase' and ${inScope(sql`o.destination_location_id`, locationIds)}`;
  const [r] = parseRows(
    inboundRow,
    await db.execute(sql`
      select
        -- orders = purchase orders to the locations created in the range
        count(*) as orders,
        -- average delay = avg(arrival − estimated arrival) over arrived orders with an estimate
        avg(extract(epoch from (o.arrival_date - o.estimated_arrival_date)))::float8 as avg_delay,
        -- reception time = arrival of the last box − order arrival (first verification); max = the largest
        avg(extract(epoch from (lb.last_box - o.arrival_date)))::float8 as avg_reception,
        max(extract(epoch from (lb.last_box - o.arrival_date)))::float8 as max_reception,
        -- incorrect = verified with differences; correct = verified without errors
        count(*) filter (where o.destination_status = ${OrderStatus.CheckedWithErrors}) as incorrect,
        count(*) filter (where o.destination_status = ${OrderStatus.CheckedWithoutErrors}) as correct
      from orders o
      left join lateral (select max(b.destination_reading_time) as last_box from boxes b where b.order_id = o.id) lb on true
      where ${arriving} and o.creation_date >= ${from} and o.creation_date <= ${to}`),
  );
  const [today] = parseRows(
    todayRow,
    await db.execute(sql`
      select
        -- orders for today = estimated to arrive today (or arrived today)
        count(*) as total,
        -- pending for today = of those, not fully verified yet
        count(*) filter (where o.destination_status in (${PENDING[0]}, ${PENDING[1]})) as pending
      from orders o
      where ${arriving}
        and ((o.estimated_arrival_date >= ${dayStart} and o.estimated_arrival_date <= ${dayEnd})
          or (o.arrival_date >= ${dayStart} and o.arrival_date <= ${dayEnd}))`),
  );
  return {
    orders: r?.orders ?? 0,
    avgDelaySeconds: r?.avg_delay ?? null,
    avgReceptionSeconds: r?.avg_reception ?? null,
    maxReceptionSeconds: r?.max_reception ?? null,
    incorrect: r?.incorrect ?? 0,
    correct: r?.correct ?? 0,
    todayTotal: today?.total ?? 0,
    todayPending: today?.pending ?? 0,
  };
};
export type InboundFigures = Awaited<ReturnType<typeof inboundFigures>>;

const sideRow = z.object({ orders: count, pending: count, avg_time: seconds, max_time: seconds });
const sideFigures = (r: z.output<typeof sideRow> | undefined) => ({
  orders: r?.orders ?? 0,
  pending: r?.pending ?? 0,
  avgSeconds: r?.avg_time ?? null,
  maxSeconds: r?.max_time ?? null,
});
export type SideFigures = ReturnType<typeof sideFigures>;

/**
 * The figures of one side of orders of the locations, created in [from, to]: `orders`; pending = that side's status
 * not fully verified; the side's time (`time`, an interval) averaged and maxed over the orders that have it.
 */
const sideFiguresOf = async (
  db: DbOrTx,
  { from, to, status, time, join = sql``, where }: { from: Date; to: Date; status: SQL; time: SQL; join?: SQL; where: SQL },
): Promise<SideFigures> => {
  const [r] = parseRows(
    sideRow,
    await db.execute(sql`
      select count(*) as orders,
        count(*) filter (where ${status} in (${PENDING[0]}, ${PENDING[1]})) as pending,
        avg(extract(epoch from ${time}))::float8 as avg_time,
        max(extract(epoch from ${time}))::float8 as max_time
      from orders o ${join}
      where ${where} and o.creation_date >= ${from} and o.creation_date <= ${to}`),
  );
  return sideFigures(r);
};

/**
 * Movement entry figures: movements arriving at the locations created in [from, to]; pending =
 * destination not fully verified; reception time = arrival (first destination verification) −
 * exit (first origin verification), over orders with both.
 */
export const entryFigures = async (db: DbOrTx, { locationIds, from, to }: Range): Promise<SideFigures> =>
  sideFiguresOf(db, {
    from,
    to,
    status: sql`o.destination_status`,
    time: sql`(o.arrival_date - o.exit_date)`,
    where: sql`o.type = 'movement' and ${inScope(sql`o.destination_location_id`, locationIds)}`,
  });

/**
 * Exit figures: orders of `types` (movements, online orders) leaving the locations created in
 * [from, to]; pending = origin not fully verified; shipping time = exit of the last box (max
 * origin reading time) − creation, over orders that exited.
 */
export const exitFigures = async (
  db: DbOrTx,
  { types, locationIds, from, to }: Range & { types: readonly ('movement' | 'online')[] },
): Promise<SideFigures> =>
  sideFiguresOf(db, {
    from,
    to,
    status: sql`o.origin_status`,
    time: sql`(lb.last_box - o.creation_date)`,
    join: sql`left join lateral (select max(b.origin_reading_time) as last_box from boxes b where b.order_id = o.id) lb on true`,
    where: sql`o.type in ${types} and ${inScope(sql`o.origin_location_id`, locationIds)}`,
  });

const saleRow = z.object({ sales: count, items_sold: count, returns: count, items_returned: count });

/** POS figures: sales and returns of the locations ending in [from, to], and their items (quantity 1 each). */
export const saleFigures = async (db: DbOrTx, { locationIds, from, to }: Range) => {
  const [r] = parseRows(
    saleRow,
    await db.execute(sql`
      select count(*) filter (where p.kind = 'sale') as sales,
        coalesce(sum(p.item_count) filter (where p.kind = 'sale'), 0) as items_sold,
        count(*) filter (where p.kind = 'return') as returns,
        coalesce(sum(p.item_count) filter (where p.kind = 'return'), 0) as items_returned
      from pos_transactions p
      where ${inScope(sql`p.location_id`, locationIds)} and p.end_time >= ${from} and p.end_time <= ${to}`),
  );
  return {
    sales: r?.sales ?? 0,
    itemsSold: r?.items_sold ?? 0,
    returns: r?.returns ?? 0,
    itemsReturned: r?.items_returned ?? 0,
  };
};

const inventoryRow = z.object({
  total: count,
  pending: count,
  validated: count,
  avg_seconds: seconds,
  avg_items: seconds,
  avg_accuracy: seconds,
  read_sum: count,
  seconds_sum: count,
});

/**
 * Inventory figures of the locations over inventories started in [from, to]: counts by state,
 * and over the validated ones the average duration, items read, accuracy (matched ÷ (expected +
 * read − matched) × 100, 100 when nothing was expected or read) and, for the reading rate, Σ
 * items read and Σ seconds of those that took some time.
 */
export const inventoryFigures = async (db: DbOrTx, { locationIds, from, to }: Range) => {
  const validated = sql`i.state = ${InventoryState.Validated}`;
  const timed = sql`${validated} and i.end_time > i.start_time`;
  const [r] = parseRows(
    inventoryRow,
    await db.execute(sql`
      select count(*) as total,
        count(*) filter (where i.state in (${InventoryState.Pending}, ${InventoryState.Computing})) as pending,
        count(*) filter (where ${validated}) as validated,
        avg(extract(epoch from (i.end_time - i.start_time))) filter (where ${validated} and i.end_time is not null)::float8 as avg_seconds,
        avg(i.read_count) filter (where ${validated})::float8 as avg_items,
        avg(case when i.expected_count + i.read_count - i.matched_count > 0
                 then 100.0 * i.matched_count / (i.expected_count + i.read_count - i.matched_count) else 100 end)
          filter (where ${validated})::float8 as avg_accuracy,
        coalesce(sum(i.read_count) filter (where ${timed}), 0) as read_sum,
        coalesce(sum(extract(epoch from (i.end_time - i.start_time))) filter (where ${timed}), 0)::float8 as seconds_sum
      from inventories i
      where ${inScope(sql`i.location_id`, locationIds)} and i.start_time >= ${from} and i.start_time <= ${to}`),
  );
  return {
    total: r?.total ?? 0,
    pending: r?.pending ?? 0,
    validated: r?.validated ?? 0,
    avgSeconds: r?.avg_seconds ?? null,
    avgItems: r?.avg_items ?? null,
    avgAccuracy: r?.avg_accuracy ?? null,
    readSum: r?.read_sum ?? 0,
    secondsSum: r?.seconds_sum ?? 0,
  };
};

export type InventoryFigures = Awaited<ReturnType<typeof inventoryFigures>>;
export type SaleFigures = Awaited<ReturnType<typeof saleFigures>>;

/** The figures above over one database, as the stats use cases call them (modules/stats/use-cases; faked in their tests). */
export type FiguresRepository = {
  inboundFigures: (range: Range & { dayStart: Date; dayEnd: Date }) => Promise<InboundFigures>;
  entryFigures: (range: Range) => Promise<SideFigures>;
  exitFigures: (range: Range & { types: readonly ('movement' | 'online')[] }) => Promise<SideFigures>;
  saleFigures: (range: Range) => Promise<SaleFigures>;
  inventoryFigures: (range: Range) => Promise<InventoryFigures>;
};

export const createFiguresRepository = (db: Db): FiguresRepository => ({
  inboundFigures: (range) => inboundFigures(db, range),
  entryFigures: (range) => entryFigures(db, range),
  exitFigures: (range) => exitFigures(db, range),
  saleFigures: (range) => saleFigures(db, range),
  inventoryFigures: (range) => inventoryFigures(db, range),
});
