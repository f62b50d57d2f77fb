import type { ExitAlarmCount } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { ExitAlarmsRepository } from '../exit-alarms.repository.js';

export type CountOpenExitAlarmsDeps = {
  repo: Pick<ExitAlarmsRepository, 'openCount'>;
  /** A location the user sees, or a 404. */
  location: (user: AuthUser, locationId: number) => Promise<unknown>;
};

/** GET /api/exit_alarms/count/ (the header's bell): open exit alarms of every location the user sees, or `location`'s. */
export const countOpenExitAlarms = async (
  { repo, location }: CountOpenExitAlarmsDeps,
  user: AuthUser,
  { locationId }: { locationId?: number | undefined },
): Promise<ExitAlarmCount> => {
  if (locationId !== undefined) await location(user, locationId);
  return { count: await repo.openCount(user, locationId) };
};
