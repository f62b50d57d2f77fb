/** The public face of the exit-alarms feature: other features and the shell import only from here. */
export { ExitAlarmsBell } from './exit-alarms-bell';
