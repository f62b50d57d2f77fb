import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roleQueryOptions } from '../../auth';

/** Shows the page only to roles up to `maxRole` (the API refuses the calls anyway). */
export const RequireRole = ({ maxRole, children }: { maxRole: number; children: ReactNode }) => {
  const { t } = useTranslation('admin');
  const identity = useQuery(roleQueryOptions());
  if (!identity.data) return null;
  if (identity.data.user_role > maxRole) {
    return (
      <Alert severity="warning" data-testid="not-allowed">
        {t('notAllowed')}
      </Alert>
    );
  }
  return children;
};
