import type { Dashboard } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandKeys } from '../keys';

/**
 * GET /dashboards/?description=Brand: a list whose first item has full_url, the page to embed.
 * A failure is only logged (spec section 7): the page then says there is none.
 */
export const dashboardsQueryOptions = (description: string) =>
  queryOptions({
    queryKey: brandKeys.dashboards(description),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<Dashboard[]>('/dashboards/', { query: { description }, silent: true, signal });
      } catch (error) {
        console.error('brand dashboard not available', error);
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });

/** Only asked for the roles that may see it (the server answers 403 to the others). */
export const useDashboards = (description: string, enabled = true) =>
  useQuery({ ...dashboardsQueryOptions(description), enabled });
