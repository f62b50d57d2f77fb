import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterBar } from '../../../components/filter-bar';
import { PagedTable } from '../../../components/paged-table';
import { hasRole, useRole } from '../../auth';
import { READERS_PAGE_SIZE, readersQueryKey } from '../api/get-readers';
import { AdminPage } from '../shared/admin-page';
import { useReaderColumns } from './reader-columns';
import { useReadersList } from './use-readers-list';

/**
 * Readers: 11 per page, filter by MAC and serial; working mode and reader type are changed in the
 * row (working mode only when the reader type is All); the state column shows only when a row has one.
 */
export const ReadersListPage = () => {
  const { t } = useTranslation('admin');
  const role = useRole();
  const list = useReadersList();
  const { location, filters, setFilters, scope } = list;
  const columns = useReaderColumns(list);
  return (
    <AdminPage
      title={location ? t('readers.titleAt', { location: location.description }) : t('readers.title')}
      testId="readers-page"
      actions={
        hasRole(role, RoleThreshold.device) && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/administrador/devices/add">
            {t('readers.add')}
          </Button>
        )
      }
    >
      <FilterBar
        fields={[
          { name: 'mac_address__icontains', label: t('readers.mac') },
          { name: 'serial_number__icontains', label: t('readers.serial') },
        ]}
        value={filters}
        onChange={setFilters}
      />
      <PagedTable
        queryKey={readersQueryKey(scope)}
        fetchPage={list.fetchPage}
        pageSize={READERS_PAGE_SIZE}
        rowKey={(row) => row.id}
        columns={columns}
        testId="readers-table"
      />
    </AdminPage>
  );
};
