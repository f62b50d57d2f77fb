import { describeRoleMatrix } from './route-checks';

/** Every route role 4 may see: es-1280 in `npm test` (the odd roles walk es-390), every screen and with axe with E2E_EVERY_ROUTE=1 (route-checks.ts). */
describeRoleMatrix(4);
