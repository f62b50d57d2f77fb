import { ExitAlarmStatus } from '@rfid/contract';

/** EXIT_ALARM_WINDOW_S's default: reads of one item at an exit gate this close together make one alarm. */
export const DEFAULT_EXIT_ALARM_WINDOW_S = 60;

/** Only an open alarm is resolved; a resolved one keeps its first resolution (409). */
export const canResolve = (status: string): boolean => status === ExitAlarmStatus.Open;
