import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.js';

/**
 * The MQTT sessions of the server processes (broker/session-slots.ts, docs/adr/0006-reader-hand-off.md): each live
 * process holds one under a lease and connects with its client id; a session whose lease ran out (its process died,
 * was stopped or replaced) is taken by a process that starts, or drained and retired by a live one, so nothing the
 * broker queued for it is stranded. Client ids are `<share group>-<n>`, the lowest free n first.
 */
export const brokerSessions = pgTable(
  'broker_sessions',
  {
    clientId: text('client_id').primaryKey(),
    shareGroup: text('share_group').notNull(),
    /** The process holding it (workers/lease.ts processOwner), null once released. */
    holder: text('holder'),
    leaseUntil: instant('lease_until').notNull(),
    /** Why it is held: 'serving' (the process's own session) or 'draining' (being retired). */
    purpose: text('purpose').notNull().default('serving'),
    createdAt: createdAt(),
  },
  (t) => [index('broker_sessions_group_lease_idx').on(t.shareGroup, t.leaseUntil)],
);
