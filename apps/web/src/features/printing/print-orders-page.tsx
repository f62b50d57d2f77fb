import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Stack } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { TableCard } from '../../components/table-card';
import { hasRole, useRole } from '../auth';
import { PRINT_PATHS } from '../print-wizard';
import { PrintOrderTable } from './components/print-order-table';

/** PrintOrderList (spec section 2): the print orders, 10 per page, with their add entries (roles 1 to 4). */
export const PrintOrdersPage = () => {
  const { t } = useTranslation('printing');
  const role = useRole();
  return (
    <Stack spacing={2} data-testid="print-orders-page">
      <PageTitle
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          hasRole(role, RoleThreshold.printOrderAdd) && (
            <>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                component={RouterLink}
                to={PRINT_PATHS.addCsv}
                data-testid="add-csv-order"
              >
                {t('list.addCsv')}
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                component={RouterLink}
                to={PRINT_PATHS.addManual}
                data-testid="add-manual-order"
              >
                {t('list.addManual')}
              </Button>
            </>
          )
        }
      />
      <TableCard>
        <PrintOrderTable filters={{}} />
      </TableCard>
    </Stack>
  );
};
