import type { ApiKeyCreateBody, ApiKeyCreated } from '@rfid/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSavingMutation } from '../../../lib/query-client';
import { apiKeysKeys } from '../keys';

/** POST /api_keys/: a new key, answered with the key itself this once. */
export const createApiKey = (body: ApiKeyCreateBody) =>
  apiRequest<ApiKeyCreated>('/api_keys/', { method: 'POST', body, silent: true });

export const useCreateApiKey = () => useSavingMutation(createApiKey, apiKeysKeys.all);
