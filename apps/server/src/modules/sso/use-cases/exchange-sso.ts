import { ChallengeKind, SessionMethod } from '@rfid/contract';
import { fieldError } from '../../../http/errors.js';
import type { IssuedSession, SessionStart } from '../../auth/sessions.js';
import type { SsoRepository } from '../sso.repository.js';
import { sha256 } from '../sso.rules.js';

export type ExchangeSsoDeps = {
  repo: Pick<SsoRepository, 'takeChallenge' | 'findUserById'>;
  /** modules/auth/sessions.ts issueSession with the database and SESSION_MAX_DAYS. */
  issue: (start: SessionStart) => Promise<IssuedSession>;
  now: () => Date;
};

export const HANDOFF_INVALID = 'sso.handoff_invalid';

/**
 * POST /api/sso/exchange/ (public): the callback's one-time code (60 seconds, once) → the session, as POST
 * /api/authtoken/ answers it. The token never travels in a URL. Unknown, used or expired: 400, no session.
 */
export const exchangeSso = async (
  { repo, issue, now }: ExchangeSsoDeps,
  code: string,
  client: { ip: string; userAgent: string },
): Promise<IssuedSession> => {
  const handoff = await repo.takeChallenge(sha256(code), ChallengeKind.SsoHandoff);
  if (!handoff?.userId || handoff.expiresAt.getTime() <= now().getTime()) throw fieldError('code', HANDOFF_INVALID);
  const user = await repo.findUserById(handoff.userId);
  if (!user?.isActive) throw fieldError('code', HANDOFF_INVALID);
  return issue({ userId: user.id, method: SessionMethod.Oidc, ip: client.ip, userAgent: client.userAgent });
};
