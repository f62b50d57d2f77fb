import type { SessionsRepository } from '../sessions.repository.js';
import { idleSince, type SessionClock } from './session-clock.js';

export type PruneSessionsDeps = SessionClock & { repo: Pick<SessionsRepository, 'pruneEnded'> };

/**
 * Deletes the rows of sessions past their absolute or idle end (they are refused already; this keeps api_tokens
 * small), and expired stream tickets. Run every hour by one process (sessions.job.ts).
 */
export const pruneSessions = async (deps: PruneSessionsDeps): Promise<number> =>
  deps.repo.pruneEnded(deps.now(), idleSince(deps));
