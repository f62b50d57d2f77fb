import BlockIcon from '@mui/icons-material/Block';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DownloadIcon from '@mui/icons-material/Download';
import SellIcon from '@mui/icons-material/SellOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { INVENTORY_PATHS } from '../paths';

/** The detail's buttons: Validate and Cancel (when they apply; they ask first), the tags and the CSV download. */
export const InventoryDetailActions = ({
  id,
  canValidate,
  canCancel,
  setConfirm,
  setCsvFor,
}: {
  id: string;
  canValidate: boolean;
  canCancel: boolean;
  setConfirm: (confirm: { isOpen: boolean; state: 2 | 3 }) => void;
  setCsvFor: (id: number) => void;
}) => {
  const { t } = useTranslation(['inventory', 'common']);
  // Validate (state 2) and Cancel (state 3) close the inventory; both ask first.
  const closings = [
    {
      state: 2,
      isAllowed: canValidate,
      variant: 'contained',
      color: 'success',
      icon: <DoneAllIcon />,
      testId: 'inventory-validate',
      label: t('detail.validate'),
    },
    {
      state: 3,
      isAllowed: canCancel,
      variant: 'outlined',
      color: 'error',
      icon: <BlockIcon />,
      testId: 'inventory-cancel',
      label: t('detail.cancel'),
    },
  ] as const;
  return (
    <>
      {closings
        .filter((closing) => closing.isAllowed)
        .map(({ state, variant, color, icon, testId, label }) => (
          <Button
            key={state}
            variant={variant}
            color={color}
            startIcon={icon}
            onClick={() => setConfirm({ isOpen: true, state })}
            data-testid={testId}
          >
            {label}
          </Button>
        ))}
      <LinkButton to={INVENTORY_PATHS.items(id)} icon={<SellIcon />} variant="outlined" testId="inventory-tags-link">
        {t('detail.tags')}
      </LinkButton>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setCsvFor(Number(id))} data-testid="inventory-csv">
        {t('actions.download')}
      </Button>
    </>
  );
};
