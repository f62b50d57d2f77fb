import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { sessionsKeys } from '../keys';

/** DELETE /sessions/{id}/: that session ends at once (its browser is sent to the sign-in at its next call). */
export const revokeSession = (id: number) => apiRequest<void>(`/sessions/${id}/`, { method: 'DELETE' });

export const useRevokeSession = () => useSavingMutation(revokeSession, sessionsKeys.all);
