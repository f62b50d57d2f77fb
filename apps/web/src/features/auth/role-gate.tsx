import { Alert } from '@mui/material';
import { canDo, RoleThreshold } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRole } from './api/get-role';

/**
 * Shows a page only to the roles `allows` accepts (the API refuses the calls anyway): nothing while the role loads, a
 * warning (`notAllowed`) to the other roles.
 */
export const RoleGate = ({
  allows,
  notAllowed,
  children,
}: {
  allows: (role: number) => boolean;
  notAllowed: ReactNode;
  children: ReactNode;
}) => {
  const role = useRole();
  if (role === undefined) return null;
  if (!allows(role)) {
    return (
      <Alert severity="warning" data-testid="not-allowed">
        {notAllowed}
      </Alert>
    );
  }
  return children;
};

/** The roles of the admin menu (1–2). */
export const isAdminMenuRole = (role: number): boolean => canDo(role, RoleThreshold.adminMenu);

/**
 * A `RoleGate` whose warning is a text of the namespace `ns`: its `notAllowed`, or the key `notAllowedKey`.
 *
 * ```tsx
 * <GatedPage ns="audit" allows={isAdminMenuRole}><AuditLog /></GatedPage>
 * ```
 */
export const GatedPage = ({
  ns,
  notAllowedKey = 'notAllowed',
  allows,
  children,
}: {
  ns: string;
  notAllowedKey?: string;
  allows: (role: number) => boolean;
  children: ReactNode;
}) => {
  const { t } = useTranslation(ns);
  return (
    <RoleGate allows={allows} notAllowed={t(notAllowedKey)}>
      {children}
    </RoleGate>
  );
};
