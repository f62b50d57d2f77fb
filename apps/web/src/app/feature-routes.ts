import type { RouteObject } from 'react-router';
import { accountSecurityRoutes } from '../features/account-security/routes';
import { adminRoutes } from '../features/admin/routes';
import { apiKeysRoutes } from '../features/api-keys/routes';
import { auditRoutes } from '../features/audit';
import { availabilityRoutes } from '../features/availability/routes';
import { brandRoutes } from '../features/brand/routes';
import { catalogImportRoutes } from '../features/catalog-import/routes';
import { epcisRoutes } from '../features/epcis/routes';
import { erpRoutes } from '../features/erp/routes';
import { exitAlarmsRoutes } from '../features/exit-alarms/routes';
import { inboundRoutes } from '../features/inbound/routes';
import { inventoryRoutes } from '../features/inventory/routes';
import { movementsRoutes } from '../features/movements/routes';
import { onlineRoutes } from '../features/online/routes';
import { posRoutes } from '../features/pos/routes';
import { printingRoutes } from '../features/printing/routes';
import { replenishmentRoutes } from '../features/replenishment/routes';
import { sessionsRoutes } from '../features/sessions/routes';
import { shrinkRoutes } from '../features/shrink/routes';
import { ssoRoutes } from '../features/sso';
import { stockRoutes } from '../features/stock/routes';
import { supportRoutes } from '../features/support/routes';
import { trackingRoutes } from '../features/tracking/routes';
import { webhooksRoutes } from '../features/webhooks';

/** Features meet only here: each exports its routes, the router mounts them. */
export const featureRoutes: RouteObject[] = [
  ...adminRoutes,
  ...catalogImportRoutes,
  ...trackingRoutes,
  ...inboundRoutes,
  ...onlineRoutes,
  ...movementsRoutes,
  ...posRoutes,
  ...inventoryRoutes,
  ...stockRoutes,
  // Integrations (issue 27).
  ...erpRoutes,
  ...apiKeysRoutes,
  ...printingRoutes,
  ...supportRoutes,
  ...brandRoutes,
  // The store floor (issue 26).
  ...availabilityRoutes,
  ...replenishmentRoutes,
  ...exitAlarmsRoutes,
  ...shrinkRoutes,
  // Integrations (issue 27).
  ...webhooksRoutes,
  ...auditRoutes,
  ...epcisRoutes,
  // Sign-in security (issue 29).
  ...ssoRoutes,
  ...accountSecurityRoutes,
  // Sessions (issue 29).
  ...sessionsRoutes,
];
