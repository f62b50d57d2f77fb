import { ItemState, WebhookEventType } from '@rfid/contract';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { parseRows } from '../../db/rows.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import type { ItemMoveEvent } from '../engine/events.js';

const crossingRow = z.object({
  area_id: z.coerce.number(),
  item_type_id: z.coerce.number(),
  delta: z.coerce.number(),
  minimum_stock: z.coerce.number(),
  quantity: z.coerce.number(),
  location_id: z.coerce.number(),
  company_id: z.coerce.number(),
  gtin: z.string(),
});

/** Whether any enabled endpoint (of any company) subscribes to stock alarms: one query on a small table. */
export const hasStockAlarmSubscribers = async (tx: DbOrTx): Promise<boolean> => {
  const [subscribed] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.eventTypes, [WebhookEventType.StockAlarm])))
    .limit(1);
  return subscribed !== undefined;
};

export type StockChange = z.infer<typeof crossingRow>;

/**
 * The net change the moves made to the STOCKED count of each area and GTIN that has a minimum stock, with the stock now
 * (stock_now, inside the transaction: after the moves), the minimum, the location and company.
 */
export const stockChanges = async (tx: DbOrTx, stocked: readonly ItemMoveEvent[]): Promise<StockChange[]> => {
  const fromArea = (m: ItemMoveEvent) => (m.from.state === ItemState.Stocked ? m.from.areaId : null);
  const toArea = (m: ItemMoveEvent) => (m.to.state === ItemState.Stocked ? m.to.areaId : null);
  const rows = parseRows(
    crossingRow,
    await tx.execute(sql`
      with m as (
        select * from unnest(${sql.param(stocked.map((m) => m.itemId))}::bigint[],
          ${sql.param(stocked.map(fromArea))}::int[], ${sql.param(stocked.map(toArea))}::int[]) as m(item_id, from_area, to_area)
      ),
      d as (
        select area_id, item_type_id, sum(delta)::int as delta from (
          select m.from_area as area_id, i.item_type_id, -1 as delta from m join items i on i.id = m.item_id where m.from_area is not null
          union all
          select m.to_area, i.item_type_id, 1 from m join items i on i.id = m.item_id where m.to_area is not null
        ) x
        where item_type_id is not null
        group by area_id, item_type_id having sum(delta) <> 0
      )
      select d.area_id, d.item_type_id, d.delta, ms.minimum_stock, l.id as location_id, l.company_id, it.gtin,
        coalesce((select sum(s.quantity) from stock_now s where s.area_id = d.area_id and s.item_type_id = d.item_type_id), 0)::int
          as quantity
      from d
      join minimum_stocks ms on ms.area_id = d.area_id and ms.item_type_id = d.item_type_id
      join areas a on a.id = d.area_id
      join locations l on l.id = a.location_id
      join item_types it on it.id = d.item_type_id`),
  );
  return rows;
};
