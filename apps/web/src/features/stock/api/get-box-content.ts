import type { ContentBox } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stockKeys } from '../keys';

/** GET /contentbox/{codebar}/: the GTINs of the box's last reading set. */
export const getBoxContent = (codebar: string, signal?: AbortSignal) =>
  apiRequest<ContentBox>(`/contentbox/${encodeURIComponent(codebar)}/`, { signal });

export const boxContentQueryOptions = (codebar: string) =>
  queryOptions({
    queryKey: stockKeys.boxContent(codebar),
    queryFn: ({ signal }) => getBoxContent(codebar, signal),
    enabled: codebar !== '',
  });

export const useBoxContent = (codebar: string) => useQuery(boxContentQueryOptions(codebar));
