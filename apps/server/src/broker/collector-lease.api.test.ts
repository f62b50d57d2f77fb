import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { type CollectorLeaseRepository, createCollectorLeaseRepository } from './collector-lease.repository.js';

/** The lease on a group's MQTT session (migration 0022) on the database the suite runs on (PGlite, or PostgreSQL). */
describe('the MQTT collector lease', () => {
  let t: TestApp;
  let leases: CollectorLeaseRepository;
  const clientId = 'lease-test';
  const lease = (holder: string) => ({ clientId, holder, leaseMs: 60_000 });
  const expire = () =>
    t.database.db.execute(
      sql`update broker_collectors set lease_until = now() - interval '1 second' where client_id = ${clientId}`,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    leases = createCollectorLeaseRepository(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is taken by one process of several trying at once; the others stand by', async () => {
    const taken = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => leases.take(lease(holder))));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('renews only for its holder; once it ran out another takes it, and the old holder can no longer renew', async () => {
    await expire();
    expect(await leases.take(lease('e'))).toBe(true);
    expect(await leases.renew(lease('e'))).toBe(true);
    expect(await leases.renew(lease('a'))).toBe(false);
    expect(await leases.take(lease('f'))).toBe(false);
    // Its holder may take it again (a process that restarted its collector).
    expect(await leases.take(lease('e'))).toBe(true);
  });

  it('released, it is free at once; another group’s lease is its own', async () => {
    await leases.release({ clientId, holder: 'not-the-holder' });
    expect(await leases.take(lease('g'))).toBe(false);
    await leases.release({ clientId, holder: 'e' });
    expect(await leases.take(lease('g'))).toBe(true);
    expect(await leases.take({ clientId: 'another-group', holder: 'h', leaseMs: 60_000 })).toBe(true);
  });
});
