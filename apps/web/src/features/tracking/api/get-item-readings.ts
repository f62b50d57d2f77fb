import type { EpcReading, Page } from '@rfid/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackingKeys } from '../keys';

export type ItemReadingsParams = { itemId: number; limit: number; offset: number };

/** GET /items/{id}/itemstock/: the tag's readings (spec section 3, "EPC reading"), paged. */
export const getItemReadings = ({ itemId, limit, offset }: ItemReadingsParams, signal?: AbortSignal) =>
  apiRequest<Page<EpcReading>>(`/items/${itemId}/itemstock/`, { query: { limit, offset }, signal });

export const itemReadingsQueryOptions = (params: ItemReadingsParams) =>
  queryOptions({
    queryKey: [...trackingKeys.itemReadings(params.itemId), params],
    queryFn: ({ signal }) => getItemReadings(params, signal),
  });
