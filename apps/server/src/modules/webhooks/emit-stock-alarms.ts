import { ItemState, WebhookEventType } from '@rfid/contract';
import type { Tx } from '../../db/client.js';
import type { CommitHook } from '../engine/pipeline.js';
import { isAlarm } from '../stock/stock.rules.js';
import { emitWebhookEvents, webhookEvent } from './emit.js';
import { hasStockAlarmSubscribers, stockChanges } from './stock-alarms.repository.js';

/**
 * Stock alarms as webhooks (issue 27). An alarm is not stored: it is the current stock of a GTIN in an area under its
 * minimum (stock.rules.ts isAlarm), read when asked. So the crossing is found where stock changes: in the engine
 * transaction that moved the items (the `stock-alarms` commit hook of engine/pipeline.ts), for each area and GTIN whose STOCKED count the moves changed
 * and that has a minimum, the stock after (the view, inside the transaction) and before (after minus the moves' net
 * change) are compared: under the minimum now and not before raises `stock_alarm.changed` with `alarm: true`, the
 * reverse with `alarm: false`. Changes of the minimum itself or of counted stock (uploads) are not crossings sent
 * (docs/webhooks.md). With no endpoint subscribed to stock alarms anywhere, it costs one query on a small table.
 */
export const stockAlarmCommitHook: CommitHook = async (tx: Tx, moves) => {
  const stocked = moves.filter(
    (m) =>
      (m.from.state === ItemState.Stocked && m.from.areaId !== null) ||
      (m.to.state === ItemState.Stocked && m.to.areaId !== null),
  );
  if (stocked.length === 0) return;
  if (!(await hasStockAlarmSubscribers(tx))) return;
  const rows = await stockChanges(tx, stocked);
  const crossings = rows.filter(
    (r) =>
      isAlarm({ current: r.quantity, minimum: r.minimum_stock }) !==
      isAlarm({ current: r.quantity - r.delta, minimum: r.minimum_stock }),
  );
  if (crossings.length === 0) return;
  await emitWebhookEvents(
    tx,
    crossings.map((r) =>
      webhookEvent(
        WebhookEventType.StockAlarm,
        { companyId: r.company_id, locationId: r.location_id },
        `stock:${r.area_id}:${r.item_type_id}`,
        {
          alarm: isAlarm({ current: r.quantity, minimum: r.minimum_stock }),
          location: r.location_id,
          area: r.area_id,
          item_type: r.item_type_id,
          gtin: r.gtin,
          minimum_stock: r.minimum_stock,
          current_stock: r.quantity,
          previous_stock: r.quantity - r.delta,
        },
      ),
    ),
  );
};
