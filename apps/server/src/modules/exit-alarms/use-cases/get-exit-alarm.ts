import type { ExitAlarm } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toExitAlarm } from '../exit-alarms.dto.js';
import type { ExitAlarmsRepository } from '../exit-alarms.repository.js';

/** GET /api/exit_alarms/{id}/: an alarm of the user's company at a location they see; any other is a 404. */
export const getExitAlarm = async (repo: Pick<ExitAlarmsRepository, 'get'>, user: AuthUser, id: number): Promise<ExitAlarm> => {
  const row = await foundOr(repo.get(user, id), 'exit.alarm_not_found');
  return toExitAlarm(row);
};
