import { describeRoleMatrix } from './route-checks';

/** Every route role 3 may see: es-390 in `npm test` (the even roles walk es-1280), every screen and with axe with E2E_EVERY_ROUTE=1 (route-checks.ts). */
describeRoleMatrix(3);
