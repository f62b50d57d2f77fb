import type { ApiKey } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { apiKeysKeys } from '../keys';

/** DELETE /api_keys/{id}/: the key stops working at once. */
export const revokeApiKey = (id: number) => apiRequest<ApiKey>(`/api_keys/${id}/`, { method: 'DELETE' });

export const useRevokeApiKey = () => useSavingMutation(revokeApiKey, apiKeysKeys.all);
