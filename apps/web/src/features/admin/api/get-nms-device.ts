import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { type Listing, listRows, nmsQueryOptions, nmsUrl } from './nms-client';
import type { NmsDevice } from './types';

/** GET /nms/device/?mac=: the first device with that MAC (its ON/OFF state). */
export const getNmsDevice = async (mac: string, signal?: AbortSignal) =>
  listRows(await apiRequest<Listing<NmsDevice>>(nmsUrl('/device/'), { query: { mac }, silent: true, signal }))[0] ?? null;

export const nmsDeviceQueryOptions = (mac: string) =>
  nmsQueryOptions(adminKeys.nmsDevice(mac), (signal) => getNmsDevice(mac, signal));

export const useNmsDevice = (mac: string | undefined) => useQuery({ ...nmsDeviceQueryOptions(mac ?? ''), enabled: Boolean(mac) });
