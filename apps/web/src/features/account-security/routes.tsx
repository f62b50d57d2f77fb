import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy-page';

/** The account's security (every user) and the company's sign-in rules (role 1), issue 29. */
export const accountSecurityRoutes: RouteObject[] = [
  lazyRoute('/account/security', () => import('./account-security-page'), 'AccountSecurityPage', {
    namespaces: ['account-security'],
  }),
  lazyRoute('/admin/security', () => import('./company-security-page'), 'CompanySecurityPage', {
    namespaces: ['account-security'],
  }),
];
