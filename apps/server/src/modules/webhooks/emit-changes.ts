import { LiveTopic, WebhookEventType } from '@rfid/contract';
import type { DbOrTx } from '../../db/client.js';
import type { LiveRow } from '../live/live.repository.js';
import { emitWebhookEvent, emitWebhookEvents, webhookEvent } from './emit.js';

/**
 * The business changes as webhooks (issue 27, docs/webhooks.md "Events"), each emitted in the transaction of its change
 * by the module that makes it. Each builds the event's subject (the order of a subject is kept) and its `data`.
 */

type Side = 'origin' | 'destination';

/** What an order side's and a box's status change share: the side, its location and the status before and after. */
type SideStatusChange = { companyId: number; locationId: number | null; side: Side; from: number; to: number };

/** An OrderStatusChanged event of order `orderId`, `about` (what changed) first in its `data`. */
const emitSideStatusChanged = (
  db: DbOrTx,
  orderId: number,
  change: SideStatusChange,
  about: Record<string, unknown>,
): Promise<void> =>
  emitWebhookEvent(
    db,
    webhookEvent(WebhookEventType.OrderStatusChanged, change, `order:${orderId}`, {
      ...about,
      side: change.side,
      location: change.locationId,
      previous_status: change.from,
      status: change.to,
    }),
  );

/** An order side's status changed (after a verification, a valid toggle, boxes added or removed). */
export const emitOrderStatusChanged = (
  db: DbOrTx,
  order: SideStatusChange & { id: number; orderCode: string; type: string },
): Promise<void> =>
  emitSideStatusChanged(db, order.id, order, {
    kind: 'order',
    order: { id: order.id, code: order.orderCode, type: order.type },
  });

/** A box's status on one side changed (a verification of it). Same subject as its order: they arrive in order. */
export const emitBoxStatusChanged = (
  db: DbOrTx,
  box: SideStatusChange & { id: number; codebar: string; orderId: number },
): Promise<void> =>
  emitSideStatusChanged(db, box.orderId, box, {
    kind: 'box',
    box: { id: box.id, codebar: box.codebar },
    order: { id: box.orderId },
  });

/** Exit alarms raised by a gate's set (new ones only) or resolved by a user. */
export const emitExitAlarms = (
  db: DbOrTx,
  alarms: readonly {
    id: number;
    companyId: number;
    locationId: number;
    epc: string;
    change: 'raised' | 'resolved';
    status: string;
    at: Date;
  }[],
): Promise<void> =>
  emitWebhookEvents(
    db,
    alarms.map((a) =>
      webhookEvent(WebhookEventType.ExitAlarm, a, `exit_alarm:${a.id}`, {
        change: a.change,
        alarm: { id: a.id, location: a.locationId, epc: a.epc, status: a.status },
        at: a.at.toISOString(),
      }),
    ),
  );

/**
 * Availability changes, from the transaction's `availability` live rows (live.rules.ts: a location whose sellable
 * stock may have changed: items' statuses, stocked items moved): one event per location, subject the location.
 */
export const emitAvailabilityOfLiveRows = (db: DbOrTx, rows: readonly LiveRow[]): Promise<void> => {
  const availability = rows.filter((r) => r.topic === LiveTopic.Availability && r.locationId !== null);
  if (availability.length === 0) return Promise.resolve();
  return emitWebhookEvents(
    db,
    availability.map((r) =>
      webhookEvent(WebhookEventType.AvailabilityChanged, r, `location:${r.locationId}`, { location: r.locationId, ...r.payload }),
    ),
  );
};

/**
 * An inventory was validated (by a user, or by a cabinet's set): its approved differences, in counts (the ERP fetches
 * the lines from GET /api/inventories/{id}/…): items expected, read and matched, and what the validation moved: `lost`
 * (expected, not read: UNKNOWN now) and `found` (read, not expected: STOCKED in the area now).
 */
export const emitInventoryValidated = (
  db: DbOrTx,
  inventory: {
    id: number;
    companyId: number;
    locationId: number;
    areaId: number;
    at: Date;
    byCabinet: boolean;
    expected: number | null;
    read: number | null;
    matched: number | null;
    lost: number;
    found: number;
  },
): Promise<void> =>
  emitWebhookEvent(
    db,
    webhookEvent(WebhookEventType.InventoryValidated, inventory, `inventory:${inventory.id}`, {
      inventory: { id: inventory.id, location: inventory.locationId, area: inventory.areaId },
      validated_at: inventory.at.toISOString(),
      by_cabinet: inventory.byCabinet,
      differences: {
        expected: inventory.expected,
        read: inventory.read,
        matched: inventory.matched,
        lost: inventory.lost,
        found: inventory.found,
      },
    }),
  );

/** A print order's job ended: every label printed (PRINTED), some (PARTIAL, PENDING) or the printer failed (ERROR). */
export const emitPrintFinished = (
  db: DbOrTx,
  order: {
    id: number;
    companyId: number;
    locationId: number | null;
    name: string;
    state: string;
    progress: number;
    total: number;
    voided: number;
    error: string | null;
  },
): Promise<void> =>
  emitWebhookEvent(
    db,
    webhookEvent(WebhookEventType.PrintFinished, order, `print_order:${order.id}`, {
      print_order: { id: order.id, name: order.name, location: order.locationId },
      state: order.state,
      printed: order.progress,
      voided: order.voided,
      total: order.total,
      error: order.error,
    }),
  );
