import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import SyncIcon from '@mui/icons-material/Sync';
import { Box, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<number, { icon: ReactNode; color: string }> = {
  0: { icon: <HourglassEmptyIcon fontSize="small" />, color: 'text.secondary' },
  1: { icon: <SyncIcon fontSize="small" />, color: 'warning.main' },
  2: { icon: <ErrorIcon fontSize="small" />, color: 'error.main' },
  3: { icon: <CheckCircleIcon fontSize="small" />, color: 'success.main' },
  4: { icon: <BlockIcon fontSize="small" />, color: 'text.disabled' },
};

/**
 * An order side's status (spec section 4, 0 to 4) as an icon with its name as tooltip and
 * accessible label; `withLabel` also writes the name beside it (phone cards).
 */
export const OrderStateIcon = ({ status, withLabel = false }: { status: number; withLabel?: boolean }) => {
  const { t } = useTranslation('orders');
  const label = t(`orderStatus.${status}`, { defaultValue: String(status) });
  const style = ICONS[status] ?? ICONS[0];
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-testid={`order-state-${status}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: style?.color, verticalAlign: 'middle' }}
      >
        {style?.icon}
        {withLabel && (
          <Box component="span" sx={{ color: 'text.primary', typography: 'body2' }}>
            {label}
          </Box>
        )}
      </Box>
    </Tooltip>
  );
};
