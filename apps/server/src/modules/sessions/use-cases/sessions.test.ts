import { describe, expect, it } from 'vitest';
import { expectStatus, testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { issueStreamTicket } from './issue-stream-ticket.js';
import { listSessions } from './list-sessions.js';
import { pruneSessions } from './prune-sessions.js';
import { redeemStreamTicket } from './redeem-stream-ticket.js';
import { revokeOtherSessions } from './revoke-other-sessions.js';
import { revokeSession } from './revoke-session.js';
import { fakeSessionsRepo, IDLE_MS, NOW } from './session-fixtures.js';

const clock = { now: () => NOW, idleMs: IDLE_MS };
const me = testUser({ id: 1, sessionId: 10 });

describe('sessions (use cases)', () => {
  it('lists the open sessions of the caller only, the current one marked, with the idle end 12 h after the last use', async () => {
    const { repo } = fakeSessionsRepo();
    const list = await listSessions({ ...clock, repo }, me);
    // 12 was last used 13 h ago: past its idle end, not listed; 20 is another user's.
    expect(list.map((s) => [s.id, s.current])).toEqual([
      [11, false],
      [10, true],
    ]);
    expect(list[1]).toMatchObject({ last_seen_at: '2026-05-03T07:59:00.000Z', idle_expires_at: '2026-05-03T19:59:00.000Z' });
  });

  it('the idle end is never after the absolute end', async () => {
    const { repo, rows } = fakeSessionsRepo();
    const ten = rows.find((r) => r.session.id === 10);
    if (ten) ten.session.expiresAt = new Date('2026-05-03T10:00:00Z');
    const [, current] = await listSessions({ ...clock, repo }, me);
    expect(current?.idle_expires_at).toBe('2026-05-03T10:00:00.000Z');
  });

  it('ends one of the caller’s sessions; another user’s is a 404 and stays', async () => {
    const { repo, ids } = fakeSessionsRepo();
    await revokeSession({ repo }, me, 11);
    expect(ids()).toEqual([10, 12, 20]);
    await expectStatus(revokeSession({ repo }, me, 20), 404);
    await expectStatus(revokeSession({ repo }, me, 999), 404);
    expect(ids()).toEqual([10, 12, 20]);
  });

  it('ends every other session of the caller, never another user’s', async () => {
    const { repo, ids } = fakeSessionsRepo();
    expect(await revokeOtherSessions({ repo }, me)).toEqual({ revoked: 2 });
    expect(ids()).toEqual([10, 20]);
  });

  it('an API key (no session) cannot end sessions nor ask for a ticket', async () => {
    const { repo, ids, tickets } = fakeSessionsRepo();
    const key = testUser({ apiKey: { id: 3, access: 'write' } });
    await expectStatus(revokeOtherSessions({ repo }, key), 403);
    await expectStatus(issueStreamTicket({ repo, now: clock.now }, key), 403);
    expect(ids()).toEqual([10, 11, 12, 20]);
    expect(tickets.size).toBe(0);
  });

  it('a stream ticket is kept hashed for 60 s and opens the stream once, as the user of its session', async () => {
    const { repo, tickets } = fakeSessionsRepo();
    const issued = await issueStreamTicket({ repo, now: clock.now, random: (n) => Buffer.alloc(n, 7) }, me);
    expect(issued.expires_in).toBe(60);
    expect(tickets.has(issued.ticket)).toBe(false);
    expect([...tickets.values()]).toEqual([{ userId: 1, sessionId: 10, expiresAt: new Date('2026-05-03T08:01:00Z') }]);
    const asked: [number, number][] = [];
    const deps = {
      repo,
      now: clock.now,
      sessionUser: async (userId: number, sessionId: number) => {
        asked.push([userId, sessionId]);
        return me;
      },
    };
    expect(await redeemStreamTicket(deps, issued.ticket)).toBe(me);
    expect(asked).toEqual([[1, 10]]);
    await expectStatus(redeemStreamTicket(deps, issued.ticket), 401);
  });

  it('an expired ticket, or one whose session ended, is refused (401)', async () => {
    const { repo } = fakeSessionsRepo();
    const issued = await issueStreamTicket({ repo, now: clock.now }, me);
    const later = () => new Date(NOW.getTime() + 61_000);
    await expectStatus(redeemStreamTicket({ repo, now: later, sessionUser: async () => me }, issued.ticket), 401);
    const again = await issueStreamTicket({ repo, now: clock.now }, me);
    await expectStatus(redeemStreamTicket({ repo, now: clock.now, sessionUser: async () => null }, again.ticket), 401);
  });

  it('the prune deletes the sessions past their idle or absolute end', async () => {
    const { repo, ids } = fakeSessionsRepo();
    expect(await pruneSessions({ ...clock, repo })).toBe(1);
    expect(ids()).toEqual([10, 11, 20]);
  });
});
