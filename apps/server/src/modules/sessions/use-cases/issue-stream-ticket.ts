import { randomBytes } from 'node:crypto';
import { STREAM_TICKET_SECONDS, type StreamTicket } from '@rfid/contract';
import { forbidden } from '../../../http/errors.js';
import { type AuthUser, hashToken } from '../../../plugins/auth.js';
import type { SessionsRepository } from '../sessions.repository.js';

export type IssueStreamTicketDeps = {
  repo: Pick<SessionsRepository, 'insertTicket'>;
  now: () => Date;
  random?: (size: number) => Buffer;
};

/**
 * POST /api/events/ticket/ (a user's own token only): a one-time ticket that opens the live stream once, within
 * STREAM_TICKET_SECONDS (a browser's EventSource cannot send a header, and a session's token must not travel in a
 * URL). Only its SHA-256 is kept (login_challenges, kind stream), with the user and the session it was asked from.
 */
export const issueStreamTicket = async (
  { repo, now, random = randomBytes }: IssueStreamTicketDeps,
  user: AuthUser,
): Promise<StreamTicket> => {
  if (user.sessionId === undefined) throw forbidden('keys.user_only');
  const ticket = random(24).toString('base64url');
  const expiresAt = new Date(now().getTime() + STREAM_TICKET_SECONDS * 1000);
  await repo.insertTicket(hashToken(ticket), { userId: user.id, sessionId: user.sessionId }, expiresAt);
  return { ticket, expires_in: STREAM_TICKET_SECONDS };
};
