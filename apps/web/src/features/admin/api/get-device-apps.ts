import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { type Listing, listRows, nmsQueryOptions, nmsUrl } from './nms-client';
import type { DeviceApplication } from './types';

/** GET /nms/deviceapp/?device=: the applications installed on the reader. */
export const getDeviceApps = async (device: number, signal?: AbortSignal) =>
  listRows(await apiRequest<Listing<DeviceApplication>>(nmsUrl('/deviceapp/'), { query: { device }, silent: true, signal }));

export const deviceAppsQueryOptions = (device: number) =>
  nmsQueryOptions(adminKeys.nmsApps(device), (signal) => getDeviceApps(device, signal));

export const useDeviceApps = (device: number | undefined) =>
  useQuery({ ...deviceAppsQueryOptions(device ?? 0), enabled: Boolean(device) });
