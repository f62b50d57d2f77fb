import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleGate } from '../../auth';

/** Shows the page only to roles up to `maxRole` (the API refuses the calls anyway). */
export const RequireRole = ({ maxRole, children }: { maxRole: number; children: ReactNode }) => {
  const { t } = useTranslation('admin');
  return (
    <RoleGate allows={(role) => role <= maxRole} notAllowed={t('notAllowed')}>
      {children}
    </RoleGate>
  );
};
