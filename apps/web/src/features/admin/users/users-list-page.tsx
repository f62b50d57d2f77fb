import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FilterBar } from '../../../components/filter-bar';
import { type Column, PagedTable } from '../../../components/paged-table';
import { notify } from '../../../lib/notifier';
import { hasRole, useIdentity, useRole } from '../../auth';
import { adminKeys } from '../api/admin-keys';
import { getLocationUsers, USERS_PAGE_SIZE } from '../api/get-location-users';
import { useSetUserActive } from '../api/set-user-active';
import type { LocationUser } from '../api/types';
import { editColumn } from '../shared/admin-form';
import { AdminPage } from '../shared/admin-page';

/** The state filter's choices: every user, the active ones, the deactivated ones (`is_active`). */
const STATES = ['', 'true', 'false'] as const;
type StateFilter = (typeof STATES)[number];

/**
 * Location users (visualizers list): one search over first name, last name and email, a filter by state (active or
 * deactivated); 11 per page. Each user but oneself can be deactivated (no sign-in, sessions ended) or reactivated,
 * after a confirmation (issue 29).
 */
export const UsersListPage = () => {
  const { t } = useTranslation('admin');
  const role = useRole();
  const me = useIdentity().data?.id;
  const [filters, setFilters] = useState({ search: '' });
  const [state, setState] = useState<StateFilter>('');
  // The user whose state is being changed; kept while the dialog closes (its text must not flip meanwhile).
  const [changing, setChanging] = useState<LocationUser | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const setActive = useSetUserActive();
  const action = changing?.is_active ? 'deactivate' : 'reactivate';
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
    {
      id: 'state',
      header: t('users.state'),
      cell: (row) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.is_active ? 'success' : 'default'}
          label={t(row.is_active ? 'users.active' : 'users.inactive')}
          data-testid={`user-state-${row.email}`}
        />
      ),
    },
    {
      id: 'activation',
      header: t('users.activation'),
      cell: (row) =>
        row.id === me ? null : (
          <Button
            size="small"
            color={row.is_active ? 'error' : 'primary'}
            onClick={() => {
              setChanging(row);
              setIsAsking(true);
            }}
            aria-label={`${t(row.is_active ? 'users.deactivate.action' : 'users.reactivate.action')}: ${row.email}`}
            data-testid={`${row.is_active ? 'deactivate' : 'reactivate'}-user-${row.email}`}
          >
            {t(row.is_active ? 'users.deactivate.action' : 'users.reactivate.action')}
          </Button>
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FilterBar fields={[{ name: 'search', label: t('users.search') }]} value={filters} onChange={setFilters} />
        <TextField
          select
          size="small"
          label={t('users.state')}
          value={state}
          onChange={(event) => setState(event.target.value as StateFilter)}
          sx={{ minWidth: 160 }}
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'users-state-filter' },
          }}
        >
          {STATES.map((value) => (
            <MenuItem key={value || 'all'} value={value}>
              {t(value === '' ? 'users.stateAll' : value === 'true' ? 'users.active' : 'users.inactive')}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedTable
        queryKey={adminKeys.userList(filters.search, state)}
        fetchPage={(page) => getLocationUsers({ search: filters.search, isActive: state, ...page })}
        pageSize={USERS_PAGE_SIZE}
        rowKey={(row) => row.id}
        columns={columns}
        testId="users-table"
      />
      <ConfirmDialog
        open={isAsking && changing !== null}
        title={t(`users.${action}.title`)}
        message={changing ? t(`users.${action}.message`, { email: changing.email }) : ''}
        confirmLabel={t(`users.${action}.confirm`)}
        cancelLabel={t('users.confirmNo')}
        isDanger={action === 'deactivate'}
        onConfirm={() =>
          changing
            ? setActive
                .mutateAsync({ id: changing.id, active: !changing.is_active })
                .then(() => notify(t(`users.${action}.done`, { email: changing.email }), 'success'))
            : undefined
        }
        onClose={() => setIsAsking(false)}
      />
    </AdminPage>
  );
};
