import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, Stack } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterBar } from '../../../components/filter-bar';
import { type Column, PagedTable } from '../../../components/paged-table';
import { hasRole, useRole } from '../../auth';
import { adminKeys } from '../api/admin-keys';
import { getLocationUsers, USERS_PAGE_SIZE } from '../api/get-location-users';
import type { LocationUser } from '../api/types';
import { editColumn } from '../shared/admin-form';
import { AdminPage } from '../shared/admin-page';

/** Location users (visualizers list): one search over first name, last name and email; 11 per page. */
export const UsersListPage = () => {
  const { t } = useTranslation('admin');
  const role = useRole();
  const [filters, setFilters] = useState({ search: '' });
  const columns: Column<LocationUser>[] = [
    { id: 'first', header: t('users.firstName'), cell: (row) => row.first_name },
    { id: 'last', header: t('users.lastName'), cell: (row) => row.last_name },
    { id: 'email', header: t('users.email'), cell: (row) => row.email, mobile: 'title' },
    {
      id: 'role',
      header: t('users.role'),
      cell: (row) => (
        <Chip
          size="small"
          color={row.editor ? 'primary' : 'default'}
          label={t(row.editor ? 'users.editor' : 'users.visualizer')}
        />
      ),
    },
    editColumn<LocationUser>({
      header: t('actions.edit'),
      to: (row) => `/administrador/visualizers/${row.id}/edit`,
      name: (row) => row.email,
      testId: (row) => `edit-user-${row.email}`,
    }),
  ];
  return (
    <AdminPage
      title={t('users.title')}
      testId="users-page"
      actions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {hasRole(role, RoleThreshold.companyUser) && (
            <Button startIcon={<AddIcon />} component={RouterLink} to="/administrador/visualizers/add_company_user">
              {t('users.addCompanyUser')}
            </Button>
          )}
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/administrador/visualizers/add">
            {t('users.add')}
          </Button>
        </Stack>
      }
    >
      <FilterBar fields={[{ name: 'search', label: t('users.search') }]} value={filters} onChange={setFilters} />
      <PagedTable
        queryKey={adminKeys.userList(filters.search)}
        fetchPage={(page) => getLocationUsers({ search: filters.search, ...page })}
        pageSize={USERS_PAGE_SIZE}
        rowKey={(row) => row.id}
        columns={columns}
        testId="users-table"
      />
    </AdminPage>
  );
};
