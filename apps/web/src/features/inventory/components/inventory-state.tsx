import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Chip, Stack, Tooltip } from '@mui/material';
import { InventoryState, RoleThreshold } from '@rfid/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { StatusChip, type StatusStyle, statusStyles } from '../../../components/status-chip';
import { hasRole } from '../../auth';

/** Inventory states of spec section 4: 0 Pending, 1 Computing, 2 Validated, 3 Canceled. */
export const INVENTORY_STATES = [0, 1, 2, 3] as const;

export const inventoryStateMap = (t: TFunction): Record<number, StatusStyle> =>
  statusStyles({ 0: 'warning', 1: 'info', 2: 'success', 3: 'default' }, (state) => t(`inventory:states.${state}`));

/**
 * The state; a validated inventory also says what validating did (spec section 4's 'done' badge, which read an
 * unexplained "hecho"): its count was applied to the stock, explained on hover and to screen readers.
 */
export const InventoryStateChip = ({ state }: { state: number }) => {
  const { t } = useTranslation('inventory');
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
      data-testid="inventory-state"
    >
      <StatusChip status={state} map={inventoryStateMap(t)} />
      {state === InventoryState.Validated && (
        <Tooltip title={t('stockAdjusted.hint')}>
          <Chip
            size="small"
            variant="outlined"
            color="success"
            icon={<CheckCircleIcon />}
            label={t('stockAdjusted.label')}
            aria-description={t('stockAdjusted.hint')}
            data-testid="inventory-done"
          />
        </Tooltip>
      )}
    </Stack>
  );
};

/** Opening, validating and canceling inventories: roles 1 to 3 (as importing an inventory file, spec section 6). */
export const canManageInventories = (role: number | undefined): boolean => hasRole(role, RoleThreshold.importInventory);
