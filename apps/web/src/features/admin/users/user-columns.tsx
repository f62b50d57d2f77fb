import { Button, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/paged-table';
import type { LocationUser } from '../api/types';
import { editColumn } from '../shared/admin-form';

/** The users' columns: names, email, role, state, (de)activate (not oneself, `me`; `ask` asks first) and Edit. */
export const useUserColumns = (me: number | undefined, ask: (user: LocationUser) => void): Column<LocationUser>[] => {
  const { t } = useTranslation('admin');
  return [
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
            onClick={() => ask(row)}
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
};
