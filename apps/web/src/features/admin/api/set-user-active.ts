import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { LocationUser } from './types';

/**
 * POST /locationusers/{id}/deactivate/ or …/reactivate/ (issue 29): a deactivated user cannot sign in, their sessions
 * end at once and their API keys are refused until reactivated.
 */
export const setUserActive = ({ id, active }: { id: number; active: boolean }) =>
  apiRequest<LocationUser>(`/locationusers/${id}/${active ? 'reactivate' : 'deactivate'}/`, { method: 'POST' });

export const useSetUserActive = () => useSavingMutation(setUserActive, adminKeys.users);
