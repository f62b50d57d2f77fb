import type { AvailableApp } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { nmsUrl } from './nms-client';

/** GET /nms/application/available_apps/: what may be installed on a reader. */
export const getAvailableApps = (signal?: AbortSignal) =>
  apiRequest<AvailableApp[]>(nmsUrl('/application/available_apps/'), { silent: true, signal });

export const availableAppsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.nmsAvailable,
    queryFn: ({ signal }) => getAvailableApps(signal),
    staleTime: 60_000,
    retry: false,
  });

export const useAvailableApps = (enabled: boolean) => useQuery({ ...availableAppsQueryOptions(), enabled });
