import type { LocationUser } from '@rfid/contract';
import { loadUser, type SetUserActiveDeps, type SetUserActiveInput, writeActive } from './deactivate-user.js';

/**
 * POST /api/locationusers/{id}/reactivate/ (roles 1–2, the rules of editing a user): the user may sign in again (with
 * new sessions: the old ones ended at the deactivation), and their API keys work again. An active user is answered as
 * it is (nothing changes).
 */
export const createReactivateUser =
  (deps: SetUserActiveDeps) =>
  async ({ user, id }: SetUserActiveInput): Promise<LocationUser> =>
    writeActive(deps, user, await loadUser(deps.repo, user, id), true);
