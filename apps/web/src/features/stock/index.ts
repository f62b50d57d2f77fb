/** The public face of the stock feature: other features import only from here. */
export { useAlarmCount } from './api/get-alarm-count';
