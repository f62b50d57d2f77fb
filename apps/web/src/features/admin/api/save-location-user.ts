import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { adminKeys } from './admin-keys';
import type { LocationUser, LocationUserCreateBody, LocationUserUpdateBody } from './types';

/**
 * POST /locationusers/ or PUT /locationusers/{id}/ (an empty password keeps the current one; from `version`: 409 when
 * someone else changed the user since).
 */
export const saveLocationUser = (
  input: { id: number; body: LocationUserUpdateBody; version?: number } | { id?: undefined; body: LocationUserCreateBody },
) =>
  apiRequest<LocationUser>(input.id ? `/locationusers/${input.id}/` : '/locationusers/', {
    method: input.id ? 'PUT' : 'POST',
    body: input.id && !input.body.password ? { ...input.body, password: undefined } : input.body,
    silent: true,
    ifMatch: input.id ? input.version : undefined,
  });

export const useSaveLocationUser = () => useSavingMutation(saveLocationUser, adminKeys.users);
