import { AppError } from '../../../http/errors.js';
import { type AuthUser, hashToken } from '../../../plugins/auth.js';
import type { SessionsRepository } from '../sessions.repository.js';

export type RedeemStreamTicketDeps = {
  repo: Pick<SessionsRepository, 'takeTicket'>;
  now: () => Date;
  /** The user of the ticket's session, if that session is still open and the user active (plugins/auth.ts). */
  sessionUser: (userId: number, sessionId: number) => Promise<AuthUser | null>;
};

/**
 * `GET /api/events/stream?ticket=`: the ticket is taken (deleted) whatever follows, so it opens one stream at most;
 * unknown, used, expired, or its session ended since (signed out, revoked, idle, user deactivated): 401.
 */
export const redeemStreamTicket = async (deps: RedeemStreamTicketDeps, ticket: string): Promise<AuthUser> => {
  const taken = await deps.repo.takeTicket(hashToken(ticket), deps.now());
  const user = taken ? await deps.sessionUser(taken.userId, taken.sessionId) : null;
  if (!user) throw new AppError('UNAUTHENTICATED', { message: 'sessions.ticket_invalid' });
  return user;
};
