import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { leaseUntil } from '../workers/lease.js';

/** Why a process holds a broker session: its own ('serving'), or a dead process's it is retiring ('draining'). */
export type SessionPurpose = 'serving' | 'draining';

type Lease = { holder: string; leaseMs: number };

/**
 * The broker sessions of the server processes, held under leases (`broker_sessions`, migration 0022;
 * docs/adr/0006-reader-hand-off.md). Every time is the database's, so the processes' clocks never matter; rows
 * another process is claiming are skipped, never waited for.
 */
export type SessionSlotRepository = {
  /**
   * The session this process will serve: the lowest of the group whose lease ran out (its queue comes with it), or a
   * new one `<group>-<n>` with the lowest free n.
   */
  claim: (input: Lease & { group: string }) => Promise<string>;
  /** A session of the group whose lease ran out, taken to be drained and retired; null when there is none. */
  claimOrphan: (input: Lease & { group: string }) => Promise<string | null>;
  /** Extends the lease while this holder still has it (whether or not it ran out meanwhile); false once another took it. */
  renew: (input: Lease & { clientId: string }) => Promise<boolean>;
  /** Ends the lease now (a clean stop): the session stays at the broker, and any process may take it at once. */
  release: (input: { clientId: string; holder: string }) => Promise<void>;
  /** Forgets a session retired at the broker. */
  remove: (input: { clientId: string; holder: string }) => Promise<void>;
};

export const createSessionSlotRepository = (db: Db): SessionSlotRepository => {
  const takeExpired = async ({ group, holder, leaseMs }: Lease & { group: string }, purpose: SessionPurpose) => {
    const [row] = rowsOf<{ client_id: string }>(
      await db.execute(sql`
        with free as (
          select client_id from broker_sessions
          where share_group = ${group} and lease_until < now()
          order by length(client_id), client_id
          limit 1
          for update skip locked
        )
        update broker_sessions b set holder = ${holder}, lease_until = ${leaseUntil(leaseMs)}, purpose = ${purpose}
        from free where b.client_id = free.client_id
        returning b.client_id`),
    );
    return row?.client_id ?? null;
  };
  return {
    claim: async (input) => {
      for (;;) {
        const taken = await takeExpired(input, 'serving');
        if (taken) return taken;
        // The lowest free number; two processes choosing the same one: one inserts, the other looks again.
        const [row] = rowsOf<{ client_id: string }>(
          await db.execute(sql`
            insert into broker_sessions (client_id, share_group, holder, lease_until, purpose)
            select ${input.group} || '-' || n, ${input.group}, ${input.holder}, ${leaseUntil(input.leaseMs)}, 'serving'
            from generate_series(0, (select count(*) from broker_sessions where share_group = ${input.group})) n
            where not exists (select 1 from broker_sessions where client_id = ${input.group} || '-' || n)
            order by n
            limit 1
            on conflict (client_id) do nothing
            returning client_id`),
        );
        if (row) return row.client_id;
      }
    },
    claimOrphan: (input) => takeExpired(input, 'draining'),
    renew: async ({ clientId, holder, leaseMs }) => {
      const rows = rowsOf<{ client_id: string }>(
        await db.execute(sql`
          update broker_sessions set lease_until = ${leaseUntil(leaseMs)}
          where client_id = ${clientId} and holder = ${holder}
          returning client_id`),
      );
      return rows.length > 0;
    },
    release: async ({ clientId, holder }) => {
      await db.execute(sql`
        update broker_sessions set holder = null, lease_until = now()
        where client_id = ${clientId} and holder = ${holder}`);
    },
    remove: async ({ clientId, holder }) => {
      await db.execute(sql`delete from broker_sessions where client_id = ${clientId} and holder = ${holder}`);
    },
  };
};
