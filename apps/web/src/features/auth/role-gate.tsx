import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
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
