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
  return (
    <>
      {canValidate && (
        <Button
          variant="contained"
          color="success"
          startIcon={<DoneAllIcon />}
          onClick={() => setConfirm({ isOpen: true, state: 2 })}
          data-testid="inventory-validate"
        >
          {t('detail.validate')}
        </Button>
      )}
      {canCancel && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<BlockIcon />}
          onClick={() => setConfirm({ isOpen: true, state: 3 })}
          data-testid="inventory-cancel"
        >
          {t('detail.cancel')}
        </Button>
      )}
      <LinkButton to={INVENTORY_PATHS.items(id)} icon={<SellIcon />} variant="outlined" testId="inventory-tags-link">
        {t('detail.tags')}
      </LinkButton>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setCsvFor(Number(id))} data-testid="inventory-csv">
        {t('actions.download')}
      </Button>
    </>
  );
};
