import BlockIcon from '@mui/icons-material/Block';
import { type StatusStyle, statusStyles } from '../../components/status-chip';

/** Any namespace's `t`: the labels name their namespace ('orders:') in the key. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Statuses 0 to 3 of `orders:<family>.<n>` as labels in the given colours; 4, Canceled, is the grey label with the
 * block icon.
 */
const statusMapOf =
  (family: 'orderStatus' | 'boxStatus', colors: Record<0 | 1 | 2 | 3, StatusStyle['color']>) =>
  (t: Translate): Record<number, StatusStyle> => ({
    ...statusStyles(colors, (status) => t(`orders:${family}.${status}`)),
    4: { label: t(`orders:${family}.4`), color: 'default', icon: <BlockIcon /> },
  });

/** Order status (destination_status, spec section 4) as coloured labels. */
export const orderStatusMap = statusMapOf('orderStatus', { 0: 'default', 1: 'warning', 2: 'error', 3: 'success' });

/** Box status (spec section 4): 3 Checking is the yellow label, 4 Canceled carries an icon. */
export const boxStatusMap = statusMapOf('boxStatus', { 0: 'default', 1: 'error', 2: 'success', 3: 'warning' });

/** A waiting time in seconds as "2 d 3 h", "3 h 25 min" or "12 min". */
export const formatWaitingTime = (seconds: number | null | undefined, t: Translate): string => {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return t('orders:duration.daysHours', { days, hours });
  if (hours > 0) return t('orders:duration.hoursMinutes', { hours, minutes: rest });
  return t('orders:duration.minutes', { minutes: rest });
};

/** Late when the goods arrived (or now, while they have not) after the estimated arrival (spec section 4). */
export const isLate = (estimated: string | null | undefined, arrival: string | null | undefined, now = Date.now()): boolean => {
  if (!estimated) return false;
  const limit = new Date(estimated).getTime();
  const reference = arrival ? new Date(arrival).getTime() : now;
  return Number.isFinite(limit) && reference > limit;
};

/** Sizes as "ES 38, FR 40"; the catalog's '--' reads as 'Standard' (spec section 3). */
export const formatSizes = (sizes: ReadonlyArray<{ country: string; value: string }>, t: Translate): string => {
  const standard = t('orders:standardSize');
  return sizes
    .filter((size) => size.value.trim() !== '')
    .map((size) => `${size.country ? `${size.country} ` : ''}${size.value === '--' ? standard : size.value}`)
    .join(', ');
};
