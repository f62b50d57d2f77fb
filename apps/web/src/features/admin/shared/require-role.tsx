import type { ReactNode } from 'react';
import { GatedPage } from '../../auth';

/** Shows the page only to roles up to `maxRole` (the API refuses the calls anyway). */
export const RequireRole = ({ maxRole, children }: { maxRole: number; children: ReactNode }) => (
  <GatedPage ns="admin" allows={(role) => role <= maxRole}>
    {children}
  </GatedPage>
);
