import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { SessionsRepository } from '../sessions.repository.js';

export type RevokeSessionDeps = { repo: Pick<SessionsRepository, 'revoke'> };

/**
 * DELETE /api/sessions/{id}/ (a user's own token only): ends one of the caller's sessions at once, in every process (the
 * current one too: that is signing out). Another user's session, or an unknown one, is a 404 and nothing ends.
 */
export const revokeSession = async ({ repo }: RevokeSessionDeps, user: AuthUser, id: number): Promise<void> => {
  if (!(await repo.revoke(user.id, id))) throw notFound('sessions.not_found');
};
