import { type ExitAlarm, type ExitAlarmResolveBody, ExitAlarmStatus } from '@rfid/contract';
import { conflict, foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { toExitAlarm } from '../exit-alarms.dto.js';
import type { ExitAlarmRow, ExitAlarmsRepository } from '../exit-alarms.repository.js';
import { canResolve } from '../exit-alarms.rules.js';

/** What resolving does inside its one engine transaction. */
export type ResolveExitAlarmPort = {
  repo: Pick<ExitAlarmsRepository, 'lock' | 'resolve' | 'get'>;
  /** The alarm's item leaves: UNKNOWN, in no area and no location, through the ledger (MoveReason.ExitLost). */
  markItemLost: (alarm: ExitAlarmRow, at: Date) => Promise<void>;
  /**
   * A live row (LiveTopic.ExitAlarm) of the alarm's location and an `exit_alarm.changed` webhook, written with the
   * transaction.
   */
  announce: (alarm: ExitAlarmRow, resolution: { status: ExitAlarmStatus; at: Date }) => Promise<void> | void;
};

export type ResolveExitAlarmDeps = {
  /** Runs `work` in one engine transaction (its ledger moves and live rows commit with the alarm's update). */
  inTransaction: <T>(work: (port: ResolveExitAlarmPort) => Promise<T>) => Promise<T>;
  now: () => Date;
};

/**
 * POST /api/exit_alarms/{id}/resolve/: an open alarm becomes a false alarm, recovered or lost, with the user, the time
 * and the note, under the alarm's row lock (two users resolving at once: the second waits, then gets 409). Lost moves
 * the item to UNKNOWN in no area in the same transaction. An alarm the user does not see is a 404; a resolved one a 409;
 * a refused call changes nothing.
 */
export const resolveExitAlarm = (
  { inTransaction, now }: ResolveExitAlarmDeps,
  user: AuthUser,
  { id, body }: { id: number; body: ExitAlarmResolveBody },
): Promise<ExitAlarm> =>
  inTransaction(async ({ repo, markItemLost, announce }) => {
    const alarm = await foundOr(repo.lock(user, id), 'exit.alarm_not_found');
    if (!canResolve(alarm.status)) throw conflict('exit.alarm_resolved');
    const at = now();
    if (!(await repo.resolve(id, { status: body.status, note: body.note ?? '', userId: user.id, at }))) {
      throw conflict('exit.alarm_resolved');
    }
    if (body.status === ExitAlarmStatus.Lost) await markItemLost(alarm, at);
    await announce(alarm, { status: body.status, at });
    const resolved = await foundOr(repo.get(user, id), 'exit.alarm_not_found');
    return toExitAlarm(resolved);
  });
