import { forbidden } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { SessionsRepository } from '../sessions.repository.js';

export type RevokeOtherSessionsDeps = { repo: Pick<SessionsRepository, 'revokeOthers'> };

/** POST /api/sessions/revoke-others/ (a user's own token only): ends every session of the caller but this one. */
export const revokeOtherSessions = async ({ repo }: RevokeOtherSessionsDeps, user: AuthUser): Promise<{ revoked: number }> => {
  if (user.sessionId === undefined) throw forbidden('keys.user_only');
  return { revoked: await repo.revokeOthers(user.id, user.sessionId) };
};
