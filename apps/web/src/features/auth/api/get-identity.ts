import type { Identity } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isAuthenticated } from '../../../lib/storage';
import { authKeys } from '../keys';

export const getIdentity = (): Promise<Identity> => apiRequest<Identity>('/identity/');

export const identityQueryOptions = () =>
  queryOptions({ queryKey: authKeys.identity, queryFn: getIdentity, staleTime: 60_000, enabled: isAuthenticated() });

export const useIdentity = () => useQuery(identityQueryOptions());
