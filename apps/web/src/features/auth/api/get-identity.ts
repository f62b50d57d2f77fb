import type { Identity } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isAuthenticated } from '../../../lib/storage';
import { authKeys } from '../keys';

export const getIdentity = (signal?: AbortSignal): Promise<Identity> => apiRequest<Identity>('/identity/', { signal });

export const identityQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.identity,
    queryFn: ({ signal }) => getIdentity(signal),
    staleTime: 60_000,
    enabled: isAuthenticated(),
  });

export const useIdentity = () => useQuery(identityQueryOptions());
