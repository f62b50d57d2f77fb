import type { FastifyInstance } from 'fastify';
import type { ReaderBus } from '../broker/bus.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { installInputGuards } from '../http/input-guard.js';
import type { Workers } from '../plugins/workers.js';
import type { JobRunner } from '../workers/job-runner.js';
import { accountRoutes } from './account/account.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { availabilityRoutes } from './availability/availability.routes.js';
import { backupRoutes } from './backup/backup.routes.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { catalogImportRoutes } from './catalog/catalog-import.routes.js';
import type { Engine } from './engine/engine.js';
import { epcisRoutes } from './epcis/epcis.routes.js';
import { erpRoutes } from './erp/erp.routes.js';
import { exitAlarmsRoutes } from './exit-alarms/exit-alarms.routes.js';
import { ingestRoutes } from './ingest/ingest.routes.js';
import { inventoryRoutes } from './inventory/inventory.routes.js';
import { liveRoutes } from './live/live.routes.js';
import type { LiveHub } from './live/live.service.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { movementsRoutes } from './movements/movements.routes.js';
import { nmsRoutes } from './nms/nms.routes.js';
import { onlineRoutes } from './online/online.routes.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { posRoutes } from './pos/pos.routes.js';
import type { PrinterAddressPolicy } from './printing/printer-address.js';
import { printingRoutes } from './printing/printing.routes.js';
import { replenishmentRoutes } from './replenishment/replenishment.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import { shrinkRoutes } from './shrink/shrink.routes.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { statsRoutes } from './stats/stats.routes.js';
import { stickersRoutes } from './stickers/stickers.routes.js';
import { stockRoutes } from './stock/stock.routes.js';
import { supportRoutes } from './support/support.routes.js';
import { trackingRoutes } from './tracking/tracking.routes.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';

/**
 * What the routes get. `workers` (plugins/workers.ts): the process's background workers, on which routes only queue
 * work (the job runner's `enqueue`, the spooler's `wake`, the grouper's `stage`); the plugin runs them.
 */
export type ModuleDeps = {
  db: Database['db'];
  /**
   * Reads that may be a moment old: lists and statistics (Database.readDb: the read replica's while it keeps up, else
   * `db`). Never for writes, nor inside a write request's work (that reads its own writes).
   */
  readDb: Database['db'];
  database: Database;
  bus: ReaderBus;
  /** The job runner as routes see it: they queue jobs; the kinds are registered by plugins/workers.ts. */
  jobs: Pick<JobRunner, 'enqueue' | 'wake'>;
  workers: Pick<Workers, 'spooler' | 'devices' | 'grouper' | 'webhooks'>;
  /** The configuration (config.ts: the only reader of the environment). */
  config: Config;
  /** Where printers may be (modules/printing/printer-address.ts). */
  printers: PrinterAddressPolicy;
  /** The domain engine (modules/engine): its pipeline (working-mode handlers, commit hooks) and the items ledger. */
  engine: Engine;
  /** The live updates of this process (modules/live): its streams, fed by the database's notifications. */
  live: LiveHub;
};

/** Every module's routes: `/api/...` ones, the device management service under `/nms` and EPCIS under `/epcis`. */
export const registerModules = async (app: FastifyInstance, deps: ModuleDeps): Promise<void> => {
  // One scope around every module: the input guards (NUL bytes, database data errors, broken
  // multipart bodies → 400, issue 13) apply to each of their routes.
  await app.register(async (scope) => {
    installInputGuards(scope);
    await scope.register(
      async (api) => {
        await api.register(authRoutes, deps);
        await api.register(accountRoutes, deps);
        await api.register(sessionsRoutes, deps);
        await api.register(locationsRoutes, deps);
        await api.register(adminRoutes, deps);
        await api.register(catalogRoutes, deps);
        await api.register(catalogImportRoutes, deps);
        await api.register(ingestRoutes, deps);
        await api.register(trackingRoutes, deps);
        await api.register(ordersRoutes, deps);
        await api.register(verificationRoutes, deps);
        await api.register(movementsRoutes, deps);
        await api.register(onlineRoutes, deps);
        await api.register(posRoutes, deps);
        await api.register(inventoryRoutes, deps);
        await api.register(stockRoutes, deps);
        await api.register(erpRoutes, deps);
        await api.register(apiKeysRoutes, deps);
        await api.register(statsRoutes, deps);
        await api.register(printingRoutes, deps);
        await api.register(stickersRoutes, deps);
        await api.register(supportRoutes, deps);
        await api.register(liveRoutes, deps);
        await api.register(backupRoutes, deps);
        // The store floor (issue 26).
        await api.register(availabilityRoutes, deps);
        await api.register(replenishmentRoutes, deps);
        await api.register(exitAlarmsRoutes, deps);
        await api.register(webhooksRoutes, deps);
        await api.register(shrinkRoutes, deps);
        // The header search (issue 28).
        await api.register(searchRoutes, deps);
        // The audit log (issue 29).
        await api.register(auditRoutes, deps);
        // Single sign-on with OpenID Connect (issue 29).
        await api.register(ssoRoutes, deps);
      },
      { prefix: '/api' },
    );
    await scope.register(nmsRoutes, { ...deps, prefix: '/nms' });
    // GS1 EPCIS 2.0 REST bindings (issue 17), beside /api as the standard names its resources.
    await scope.register(epcisRoutes, { ...deps, prefix: '/epcis' });
  });
};
