import type { Session } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { SessionRow, SessionsRepository } from '../sessions.repository.js';
import { idleSince, type SessionClock } from './session-clock.js';

export type ListSessionsDeps = SessionClock & { repo: Pick<SessionsRepository, 'listOfUser'> };

export const toSession = (row: SessionRow, idleMs: number, currentId: number | undefined): Session => ({
  id: row.id,
  method: row.method,
  ip: row.ip,
  user_agent: row.userAgent,
  created_at: row.createdAt.toISOString(),
  last_seen_at: row.lastSeenAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  idle_expires_at: new Date(Math.min(row.lastSeenAt.getTime() + idleMs, row.expiresAt.getTime())).toISOString(),
  current: row.id === currentId,
});

/**
 * GET /api/sessions/ (a user's own token only): the caller's open sessions, newest first, with how each began and when
 * it ends (`idle_expires_at`: its last use + SESSION_IDLE_MINUTES, never after `expires_at`). Ended ones are not listed.
 */
export const listSessions = async (deps: ListSessionsDeps, user: AuthUser): Promise<Session[]> => {
  const rows = await deps.repo.listOfUser(user.id, deps.now(), idleSince(deps));
  return rows.map((row) => toSession(row, deps.idleMs, user.sessionId));
};
