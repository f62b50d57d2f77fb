import { READER_ONLINE_WINDOW_MS, WebhookDeliveryState } from '@rfid/contract';
import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { devices, jobs, printOrders, webhookDeliveries } from '../db/schema/index.js';

/** What `/metrics` reads from the database (plugins/metrics.ts): counts by state, the same in every process. */
export type MetricsSnapshot = {
  jobs: { kind: string; state: string; count: number }[];
  printOrders: { state: string; count: number }[];
  /** Pending and failed ones only (succeeded ones are the bulk of the table and say nothing to watch). */
  webhookDeliveries: { state: string; count: number }[];
  readers: { online: number; registered: number };
};

export type MetricsRepository = { snapshot: () => Promise<MetricsSnapshot> };

/** Four grouped counts over indexed state columns (jobs, print orders, deliveries) and the readers' table. */
export const createMetricsRepository = (db: Db): MetricsRepository => ({
  async snapshot() {
    const jobRows = await db
      .select({ kind: jobs.kind, state: jobs.state, count: count() })
      .from(jobs)
      .groupBy(jobs.kind, jobs.state);
    const printRows = await db.select({ state: printOrders.state, count: count() }).from(printOrders).groupBy(printOrders.state);
    const deliveryRows = await db
      .select({ state: webhookDeliveries.state, count: count() })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.state, [WebhookDeliveryState.Pending, WebhookDeliveryState.Failed]))
      .groupBy(webhookDeliveries.state);
    const [readers] = await db
      .select({
        registered: count(),
        online:
          sql<number>`count(*) filter (where ${devices.lastSeenAt} > now() - ${READER_ONLINE_WINDOW_MS}::integer * interval '1 millisecond')`.mapWith(
            Number,
          ),
      })
      .from(devices);
    return {
      jobs: jobRows,
      printOrders: printRows,
      webhookDeliveries: deliveryRows,
      readers: { online: readers?.online ?? 0, registered: readers?.registered ?? 0 },
    };
  },
});
