import type { ApiKey } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKeys } from '../keys';

/** GET /api_keys/: the company's keys, newest first (`revoked=true`: the revoked ones too). */
export const getApiKeys = (withRevoked: boolean, signal?: AbortSignal) =>
  apiRequest<ApiKey[]>('/api_keys/', { query: withRevoked ? { revoked: 'true' } : {}, signal });

export const useApiKeys = (withRevoked: boolean) =>
  useQuery({ queryKey: apiKeysKeys.list(withRevoked), queryFn: ({ signal }) => getApiKeys(withRevoked, signal) });
