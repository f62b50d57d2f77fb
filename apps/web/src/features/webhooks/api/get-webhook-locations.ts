import type { Location, Page } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webhooksKeys } from '../keys';

export type ScopeLocation = Pick<Location, 'id' | 'description'>;

/** GET /locations/: the company's locations (an administrator sees them all), for an endpoint's location scope. */
export const getWebhookLocations = async (signal?: AbortSignal): Promise<ScopeLocation[]> => {
  const page = await apiRequest<Page<Location>>('/locations/', { query: { order_by: 'description', limit: 1000 }, signal });
  return page.results.map(({ id, description }) => ({ id, description }));
};

export const webhookLocationsQueryOptions = () =>
  queryOptions({ queryKey: webhooksKeys.locations(), queryFn: ({ signal }) => getWebhookLocations(signal), staleTime: 60_000 });

export const useWebhookLocations = () => useQuery(webhookLocationsQueryOptions());
