import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { leaseUntil } from '../workers/lease.js';

type Lease = { clientId: string; holder: string; leaseMs: number };

/**
 * The lease on a group's MQTT session (`broker_collectors`, migration 0022; docs/adr/0006-reader-hand-off.md): one
 * process at a time holds it. Every time is the database's, so the processes' clocks never matter.
 */
export type CollectorLeaseRepository = {
  /** Takes the lease when nobody holds it or its holder's ran out; false while another process holds it. */
  take: (input: Lease) => Promise<boolean>;
  /** Extends it while this holder still has it (whether or not it ran out meanwhile); false once another took it. */
  renew: (input: Lease) => Promise<boolean>;
  /**
   * Ends it now (a clean stop, or a holder that cannot reach the broker): any process may take it at once (its end is
   * set in the past, not to now(): PGlite's clock can give the next statement the same now()).
   */
  release: (input: { clientId: string; holder: string }) => Promise<void>;
};

export const createCollectorLeaseRepository = (db: Db): CollectorLeaseRepository => ({
  take: async ({ clientId, holder, leaseMs }) =>
    rowsOf(
      await db.execute(sql`
        insert into broker_collectors (client_id, holder, lease_until) values (${clientId}, ${holder}, ${leaseUntil(leaseMs)})
        on conflict (client_id) do update set holder = excluded.holder, lease_until = excluded.lease_until
          where broker_collectors.lease_until < now() or broker_collectors.holder = excluded.holder
        returning client_id`),
    ).length > 0,
  renew: async ({ clientId, holder, leaseMs }) =>
    rowsOf(
      await db.execute(sql`
        update broker_collectors set lease_until = ${leaseUntil(leaseMs)}
        where client_id = ${clientId} and holder = ${holder}
        returning client_id`),
    ).length > 0,
  release: async ({ clientId, holder }) => {
    await db.execute(sql`
      update broker_collectors set holder = null, lease_until = '-infinity'
      where client_id = ${clientId} and holder = ${holder}`);
  },
});
