import type { LocateAnswer } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKeys } from '../keys';

/** How often the locate view asks for the EPC's latest reads: a handheld streams reads about every second. */
export const LOCATE_POLL_MS = 1_000;

/** GET /find/locate/?epc=: the EPC's latest reads with their RSSI, newest first. */
export const locateItem = (epc: string, signal?: AbortSignal) =>
  apiRequest<LocateAnswer>('/find/locate/', { query: { epc }, signal });

export const locateItemQueryOptions = (epc: string) =>
  queryOptions({
    queryKey: availabilityKeys.locate(epc),
    queryFn: ({ signal }) => locateItem(epc, signal),
    refetchInterval: LOCATE_POLL_MS,
  });

export const useLocateItem = (epc: string) => useQuery({ ...locateItemQueryOptions(epc), enabled: epc !== '' });
