import type { Item } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

/** POST /epc/retrieve/ {epc}: the items with that EPC (an empty list means 'Not found'). */
export const retrieveEpc = (epc: string, signal?: AbortSignal) =>
  apiRequest<Item[]>('/epc/retrieve/', { method: 'POST', body: { epc }, silent: true, signal });

export const retrieveEpcQueryOptions = (epc: string) =>
  queryOptions({ queryKey: trackingKeys.epc(epc), queryFn: ({ signal }) => retrieveEpc(epc, signal), retry: false });

/** Runs only for a non-empty EPC: the tracker makes no call when the field is empty. */
export const useRetrieveEpc = (epc: string) => useQuery({ ...retrieveEpcQueryOptions(epc), enabled: epc !== '' });
