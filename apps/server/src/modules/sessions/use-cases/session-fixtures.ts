import type { SessionRow, SessionsRepository, StreamTicketRow } from '../sessions.repository.js';

export const NOW = new Date('2026-05-03T08:00:00Z');
export const IDLE_MS = 720 * 60_000;

const row = (id: number, userId: number, lastSeenAt: Date, expiresAt = new Date('2026-06-01T00:00:00Z')) => ({
  userId,
  session: {
    id,
    method: 'password',
    ip: '10.0.0.1',
    userAgent: 'Firefox',
    createdAt: new Date('2026-05-01T08:00:00Z'),
    lastSeenAt,
    expiresAt,
  } satisfies SessionRow,
});

/** An in-memory sessions repository: user 1 has sessions 10 (current), 11 and 12 (idle), user 2 has 20. */
export const fakeSessionsRepo = () => {
  const rows = [
    row(10, 1, new Date('2026-05-03T07:59:00Z')),
    row(11, 1, new Date('2026-05-02T23:00:00Z')),
    row(12, 1, new Date('2026-05-02T19:00:00Z')),
    row(20, 2, new Date('2026-05-03T07:00:00Z')),
  ];
  const tickets = new Map<string, StreamTicketRow & { expiresAt: Date }>();
  const isOpen = (r: (typeof rows)[number], now: Date, idleSince: Date) =>
    r.session.expiresAt > now && r.session.lastSeenAt > idleSince;
  const repo: SessionsRepository = {
    listOfUser: async (userId, now, idleSince) =>
      rows
        .filter((r) => r.userId === userId && isOpen(r, now, idleSince))
        .map((r) => r.session)
        .sort((a, b) => b.id - a.id),
    revoke: async (userId, id) => {
      const at = rows.findIndex((r) => r.userId === userId && r.session.id === id);
      if (at < 0) return false;
      rows.splice(at, 1);
      return true;
    },
    revokeOthers: async (userId, keepId) => {
      const gone = rows.filter((r) => r.userId === userId && r.session.id !== keepId);
      for (const r of gone) rows.splice(rows.indexOf(r), 1);
      return gone.length;
    },
    insertTicket: async (hash, ticket, expiresAt) => {
      tickets.set(hash, { ...ticket, expiresAt });
    },
    takeTicket: async (hash, now) => {
      const found = tickets.get(hash);
      tickets.delete(hash);
      return found && found.expiresAt > now ? { userId: found.userId, sessionId: found.sessionId } : undefined;
    },
    pruneEnded: async (now, idleSince) => {
      const gone = rows.filter((r) => !isOpen(r, now, idleSince));
      for (const r of gone) rows.splice(rows.indexOf(r), 1);
      return gone.length;
    },
  };
  return { repo, rows, tickets, ids: () => rows.map((r) => r.session.id) };
};
