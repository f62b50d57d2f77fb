import type { ExitAlarm, ExitAlarmListQuery } from '@rfid/contract';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toExitAlarm } from '../exit-alarms.dto.js';
import type { ExitAlarmsRepository } from '../exit-alarms.repository.js';

export type ListExitAlarmsDeps = {
  repo: Pick<ExitAlarmsRepository, 'list'>;
  /** The location the user sees (its time zone reads the date filters), or a 404. */
  location: (user: AuthUser, locationId: number) => Promise<{ timeZone: string }>;
};

/**
 * GET /api/locations/{id}/exit_alarms/: the exit alarms of a location the user sees, latest read first; `status` (none:
 * every status) and the first read's range (`date_start`, `date_end`, date-only in the location's time zone).
 */
export const listExitAlarms = async (
  { repo, location }: ListExitAlarmsDeps,
  user: AuthUser,
  { locationId, query, page }: { locationId: number; query: ExitAlarmListQuery; page: PageParams },
): Promise<{ count: number; results: ExitAlarm[] }> => {
  const { timeZone } = await location(user, locationId);
  const filters = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.date_start ? { dateStart: query.date_start } : {}),
    ...(query.date_end ? { dateEnd: query.date_end } : {}),
  };
  const { count, rows } = await repo.list(locationId, { filters, page, timeZone });
  return { count, results: rows.map(toExitAlarm) };
};
