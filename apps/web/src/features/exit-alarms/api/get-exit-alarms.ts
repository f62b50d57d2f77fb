import type { ExitAlarm, ExitAlarmStatus } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { exitAlarmsKeys } from '../keys';

/** The exit alarms page: 11 per page (the lists' size). */
export const EXIT_ALARMS_PAGE_SIZE = LIST_PAGE_SIZE;

/** '' is every status. */
export type ExitAlarmFilters = { status: ExitAlarmStatus | '' };

/** GET /locations/{id}/exit_alarms/ (status, paging): the location's exit alarms, latest read first. */
export const getExitAlarms = (locationId: number, filters: ExitAlarmFilters, page: PageParams) =>
  getPage<ExitAlarm>(`/locations/${locationId}/exit_alarms/`, page, { query: filters.status ? { status: filters.status } : {} });

/** The exit alarms as a paged table reads them. */
export const exitAlarmsPages = (locationId: number, filters: ExitAlarmFilters): PagedQuery<ExitAlarm> => ({
  queryKey: exitAlarmsKeys.list(locationId, filters),
  fetchPage: (page) => getExitAlarms(locationId, filters, page),
  pageSize: EXIT_ALARMS_PAGE_SIZE,
});
