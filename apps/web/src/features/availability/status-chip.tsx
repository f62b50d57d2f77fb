import { Chip } from '@mui/material';
import { ItemStatus, itemStatusName } from '@rfid/contract';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<number, 'success' | 'info' | 'error' | 'secondary' | 'warning'> = {
  [ItemStatus.Sellable]: 'success',
  [ItemStatus.OnDisplay]: 'info',
  [ItemStatus.Damaged]: 'error',
  [ItemStatus.Reserved]: 'secondary',
  [ItemStatus.Quarantine]: 'warning',
};

/** An item's status (ItemStatus: sellable … quarantine) as its translated name, with its reference when it has one. */
export const StatusChip = ({ status, reference }: { status: number; reference?: string | null }) => {
  const { t } = useTranslation('availability');
  const colour = COLOURS[status] ?? 'default';
  const name = t(`status.${itemStatusName(status)}`);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colour}
      label={reference ? `${name} · ${reference}` : name}
      data-testid="item-status"
    />
  );
};
