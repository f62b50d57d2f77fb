import { Chip, type ChipProps } from '@mui/material';

export type StatusStyle = { label: string; color: ChipProps['color']; icon?: ChipProps['icon'] };

/**
 * The styles of a status list from each status's colour, labelled `label(status)`.
 *
 * ```ts
 * statusStyles({ open: 'error', lost: 'warning' }, (status) => t(`status.${status}`))
 * ```
 */
export const statusStyles = <S extends string | number>(
  colors: Record<S, StatusStyle['color']>,
  label: (status: S) => string,
): Record<S, StatusStyle> =>
  // The keys are the statuses (numbers read back as their digits, which index the record the same).
  Object.fromEntries(
    Object.entries<StatusStyle['color']>(colors).map(([status, color]) => [status, { label: label(status as S), color }]),
  ) as Record<S, StatusStyle>;

/** A long status ("Verificado con errores") wraps onto two lines, so order tables fit 1280 px with the menu open. */
const WRAPPING = {
  height: 'auto',
  maxWidth: 112,
  '& .MuiChip-label': { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3, py: 0.25 },
} as const;

/**
 * A status code shown as a coloured label; the caller passes the translated map.
 *
 * ```tsx
 * const statuses = { 0: { label: t('status.unchecked'), color: 'default' }, 3: { label: t('status.ok'), color: 'success' } };
 * <StatusChip status={order.destination_status} map={statuses} />
 * ```
 */
export const StatusChip = ({
  status,
  map,
  size = 'small',
}: {
  status: string | number | null | undefined;
  map: Record<string | number, StatusStyle>;
  size?: ChipProps['size'];
}) => {
  const style = status === null || status === undefined ? undefined : map[status];
  if (!style) return <Chip size={size} label={status ?? '—'} variant="outlined" />;
  return (
    <Chip size={size} label={style.label} color={style.color} icon={style.icon} data-testid={`status-${status}`} sx={WRAPPING} />
  );
};
