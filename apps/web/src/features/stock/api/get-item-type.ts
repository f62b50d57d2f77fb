import type { ItemType } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stockKeys } from '../keys';

/** GET /v1/types/{gtin}/: a GTIN of the catalog by its code. */
export const getItemType = (gtin: string, signal?: AbortSignal) =>
  apiRequest<ItemType>(`/v1/types/${encodeURIComponent(gtin)}/`, { silent: true, signal });

export const itemTypeQueryOptions = (gtin: string) =>
  queryOptions({
    queryKey: stockKeys.itemType(gtin),
    queryFn: ({ signal }) => getItemType(gtin, signal),
    enabled: gtin !== '',
    staleTime: 60_000,
  });

export const useItemType = (gtin: string) => useQuery(itemTypeQueryOptions(gtin));
