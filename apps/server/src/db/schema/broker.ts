import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.js';

/**
 * Who collects the readers' MQTT messages (broker/mqtt-bus.ts, docs/adr/0006-reader-hand-off.md): one process of the
 * group at a time holds the group's MQTT session under a lease and connects with its client id; when it dies, stops or
 * hangs, its lease runs out and another process takes the session over, with everything the broker kept for it.
 */
export const brokerCollectors = pgTable('broker_collectors', {
  /** The group's MQTT client id (MQTT_SHARE_GROUP): one per deployment sharing a broker. */
  clientId: text('client_id').primaryKey(),
  /** The process holding it (workers/lease.ts processOwner), null once released. */
  holder: text('holder'),
  leaseUntil: instant('lease_until').notNull(),
  createdAt: createdAt(),
});
