import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Chip, Tooltip } from '@mui/material';
import type { PrintOrder } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PRINT_PATHS } from '../../print-wizard';
import { voidedCounts } from './voided-labels-section';

/**
 * A print order's voided labels in the list, linking to its detail: a warning while some have no replacement ("2
 * anuladas"), quiet once every one has ("2 anuladas · repuestas"); nothing without voided labels.
 */
export const VoidedChip = ({ order }: { order: PrintOrder }) => {
  const { t } = useTranslation('printing');
  const { voided, unreplaced } = voidedCounts(order);
  if (voided === 0) return null;
  const isPending = unreplaced > 0;
  return (
    <Tooltip describeChild title={isPending ? t('voided.chipHint') : t('voided.chipDoneHint')}>
      <Chip
        size="small"
        variant="outlined"
        color={isPending ? 'warning' : 'default'}
        icon={isPending ? <WarningAmberIcon /> : undefined}
        label={isPending ? t('voided.chip', { count: unreplaced }) : t('voided.chipDone', { count: voided })}
        component={RouterLink}
        to={PRINT_PATHS.detail(order.id)}
        clickable
        data-testid="print-order-voided"
        data-pending={isPending ? unreplaced : 0}
        sx={{ mt: 0.5, height: 'auto', maxWidth: 150, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />
    </Tooltip>
  );
};
