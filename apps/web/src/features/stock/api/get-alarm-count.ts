import type { AlarmCount } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../lib/query-client';
import { stockKeys } from '../keys';

/** GET /alarms/count/: how many stock alarms (every location the user sees, or `location`). */
export const getAlarmCount = (location: string, signal?: AbortSignal) =>
  apiRequest<AlarmCount>('/alarms/count/', { query: { location }, silent: true, signal });

export const alarmCountQueryOptions = (location = '') =>
  queryOptions({
    queryKey: stockKeys.alarmCount({ location }),
    queryFn: ({ signal }) => getAlarmCount(location, signal),
    refetchInterval: TABLE_REFRESH_MS,
  });

/** The header's bell and the alarm page's count box: refreshed every 20 s. */
export const useAlarmCount = (location = '') => useQuery(alarmCountQueryOptions(location));
