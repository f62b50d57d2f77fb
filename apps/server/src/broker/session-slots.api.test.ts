import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { createSessionSlotRepository, type SessionSlotRepository } from './session-slots.repository.js';

/** The broker sessions' leases (migration 0022) on the database the suite runs on (PGlite, or PostgreSQL). */
describe('broker session leases', () => {
  let t: TestApp;
  let slots: SessionSlotRepository;
  const group = 'slots-test';
  const expire = (clientId: string) =>
    t.database.db.execute(
      sql`update broker_sessions set lease_until = now() - interval '1 second' where client_id = ${clientId}`,
    );
  const rows = async () =>
    rowsOf<{ client_id: string; holder: string | null; purpose: string }>(
      await t.database.db.execute(
        sql`select client_id, holder, purpose from broker_sessions where share_group = ${group} order by client_id`,
      ),
    );

  beforeAll(async () => {
    t = await buildTestApp();
    slots = createSessionSlotRepository(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives each process its own session, the lowest free number first, and the same one never twice at once', async () => {
    const claimed = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => slots.claim({ group, holder, leaseMs: 60_000 })));
    expect(claimed.sort()).toEqual([`${group}-0`, `${group}-1`, `${group}-2`, `${group}-3`]);
  });

  it('renews only for its holder, and a session whose lease ran out is taken, with its name, by the next process', async () => {
    const [first] = await rows();
    const holder = first?.holder as string;
    expect(await slots.renew({ clientId: `${group}-0`, holder, leaseMs: 60_000 })).toBe(true);
    expect(await slots.renew({ clientId: `${group}-0`, holder: 'someone-else', leaseMs: 60_000 })).toBe(false);
    await expire(`${group}-2`);
    expect(await slots.claim({ group, holder: 'e', leaseMs: 60_000 })).toBe(`${group}-2`);
    // The old holder's renewal now fails: it must take another session, never connect with this one again.
    expect(await slots.renew({ clientId: `${group}-2`, holder: 'c', leaseMs: 60_000 })).toBe(false);
    // No session is free: a new number.
    expect(await slots.claim({ group, holder: 'f', leaseMs: 60_000 })).toBe(`${group}-4`);
  });

  it('a dead process session is claimed once to be drained, then forgotten; a released one is free at once', async () => {
    await expire(`${group}-1`);
    const [orphan, none] = await Promise.all([
      slots.claimOrphan({ group, holder: 'drainer-1', leaseMs: 60_000 }),
      slots.claimOrphan({ group, holder: 'drainer-2', leaseMs: 60_000 }),
    ]);
    expect([orphan, none].filter(Boolean)).toEqual([`${group}-1`]);
    expect((await rows()).find((row) => row.client_id === `${group}-1`)?.purpose).toBe('draining');
    const drainer = orphan ? 'drainer-1' : 'drainer-2';
    await slots.remove({ clientId: `${group}-1`, holder: 'not-the-drainer' });
    expect((await rows()).some((row) => row.client_id === `${group}-1`)).toBe(true);
    await slots.remove({ clientId: `${group}-1`, holder: drainer });
    expect((await rows()).some((row) => row.client_id === `${group}-1`)).toBe(false);

    await slots.release({ clientId: `${group}-3`, holder: 'd' });
    expect(await slots.claimOrphan({ group, holder: 'drainer-3', leaseMs: 60_000 })).toBe(`${group}-3`);
    // Another group's sessions are never touched.
    expect(await slots.claimOrphan({ group: 'another-group', holder: 'x', leaseMs: 60_000 })).toBeNull();
  });
});
