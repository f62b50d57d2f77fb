import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { sessionsKeys } from '../keys';

/** POST /sessions/revoke-others/: every session of the user but this one ends. */
export const revokeOtherSessions = (_?: undefined) =>
  apiRequest<{ revoked: number }>('/sessions/revoke-others/', { method: 'POST' });

export const useRevokeOtherSessions = () => useSavingMutation(revokeOtherSessions, sessionsKeys.all);
