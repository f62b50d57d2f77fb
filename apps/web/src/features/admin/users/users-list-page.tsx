import AddIcon from '@mui/icons-material/Add';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FilterBar } from '../../../components/filter-bar';
import { PagedTable } from '../../../components/paged-table';
import { notify } from '../../../lib/notifier';
import { hasRole, useIdentity, useRole } from '../../auth';
import { adminKeys } from '../api/admin-keys';
import { getLocationUsers, USERS_PAGE_SIZE } from '../api/get-location-users';
import { useSetUserActive } from '../api/set-user-active';
import type { LocationUser } from '../api/types';
import { AdminPage } from '../shared/admin-page';
import { useUserColumns } from './user-columns';

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
  const columns = useUserColumns(me, (row) => {
    setChanging(row);
    setIsAsking(true);
  });
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
