import type { ExitAlarmCount } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { TABLE_REFRESH_MS } from '../../../lib/query-client';
import { exitAlarmsKeys } from '../keys';

/** GET /exit_alarms/count/: open exit alarms of every location the user sees. */
export const getExitAlarmCount = (signal?: AbortSignal) =>
  apiRequest<ExitAlarmCount>('/exit_alarms/count/', { silent: true, signal });

export const exitAlarmCountQueryOptions = () =>
  queryOptions({
    queryKey: exitAlarmsKeys.count({}),
    queryFn: ({ signal }) => getExitAlarmCount(signal),
    refetchInterval: TABLE_REFRESH_MS,
  });

/** The header's exit alarms bell: refreshed by the live stream (topic exit-alarm) and every 20 s. */
export const useExitAlarmCount = () => useQuery(exitAlarmCountQueryOptions());
