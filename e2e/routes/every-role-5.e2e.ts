import { describeRoleMatrix } from './route-checks';

/** The full matrix for role 5: every route it may see, on every screen (E2E_EVERY_ROUTE=1; route-checks.ts). */
describeRoleMatrix(5);
