import type { Location, Page } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { searchQueryOptions } from '../../../../lib/query-client';
import { movementsKeys } from '../../keys';

export type DestinationOption = Pick<Location, 'id' | 'description' | 'code'>;

/**
 * GET /locations/?description__icontains=: the locations the user may see (centers and stores),
 * for the destination of a movement; the current location (the origin) is left out.
 */
export const searchDestinations = async (
  { text, originId }: { text: string; originId: number | undefined },
  signal?: AbortSignal,
) => {
  const page = await apiRequest<Page<Location>>('/locations/', {
    query: { description__icontains: text, order_by: 'description', limit: 20 },
    signal,
  });
  return page.results
    .filter((location) => location.id !== originId)
    .map(({ id, description, code }): DestinationOption => ({ id, description, code }));
};

export const destinationsQueryOptions = (params: { text: string; originId: number | undefined }) =>
  searchQueryOptions(movementsKeys.destinations(params), (signal) => searchDestinations(params, signal), { staleTime: 30_000 });

export const useDestinationSearch = (params: { text: string; originId: number | undefined }) =>
  useQuery(destinationsQueryOptions(params));
