import type { ShrinkReport } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shrinkKeys } from '../keys';

/** A period of days (YYYY-MM-DD); empty bounds are left to the server (the last 30 days of the location). */
export type ShrinkPeriod = { date_from: string; date_to: string };

/** GET /locations/{id}/shrink/: the store's shrink and inventory accuracy over the period (roles 1 to 3). */
export const shrinkQueryOptions = (locationId: number, period: ShrinkPeriod) =>
  queryOptions({
    queryKey: shrinkKeys.report(locationId, period),
    queryFn: ({ signal }) => apiRequest<ShrinkReport>(`/locations/${locationId}/shrink/`, { query: period, signal }),
  });

export const useShrinkReport = (locationId: number, period: ShrinkPeriod, { isEnabled = true } = {}) =>
  useQuery({ ...shrinkQueryOptions(locationId, period), enabled: isEnabled && locationId > 0 });
