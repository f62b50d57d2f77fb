import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { type Listing, listRows, nmsUrl } from './nms-client';
import type { DeviceApplication } from './types';

/** GET /nms/deviceapp/?device=: the applications installed on the reader. */
export const getDeviceApps = async (device: number, signal?: AbortSignal) =>
  listRows(await apiRequest<Listing<DeviceApplication>>(nmsUrl('/deviceapp/'), { query: { device }, silent: true, signal }));

export const deviceAppsQueryOptions = (device: number) =>
  queryOptions({
    queryKey: adminKeys.nmsApps(device),
    queryFn: ({ signal }) => getDeviceApps(device, signal),
    retry: false,
    refetchInterval: 10_000,
  });

export const useDeviceApps = (device: number | undefined) =>
  useQuery({ ...deviceAppsQueryOptions(device ?? 0), enabled: Boolean(device) });
