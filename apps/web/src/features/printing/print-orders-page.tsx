import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { RoleThreshold } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import { TitledPage } from '../../components/page-title';
import { TableCard } from '../../components/table-card';
import { hasRole, useRole } from '../auth';
import { PRINT_PATHS } from '../print-wizard';
import { PrintOrderTable } from './components/print-order-table';

/** PrintOrderList (spec section 2): the print orders, 10 per page, with their add entries (roles 1 to 4). */
export const PrintOrdersPage = () => {
  const { t } = useTranslation('printing');
  const role = useRole();
  return (
    <TitledPage
      testId="print-orders-page"
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        hasRole(role, RoleThreshold.printOrderAdd) && (
          <>
            <LinkButton to={PRINT_PATHS.addCsv} icon={<UploadFileIcon />} variant="outlined" testId="add-csv-order">
              {t('list.addCsv')}
            </LinkButton>
            <LinkButton to={PRINT_PATHS.addManual} icon={<AddIcon />} variant="contained" testId="add-manual-order">
              {t('list.addManual')}
            </LinkButton>
          </>
        )
      }
    >
      <TableCard>
        <PrintOrderTable filters={{}} />
      </TableCard>
    </TitledPage>
  );
};
