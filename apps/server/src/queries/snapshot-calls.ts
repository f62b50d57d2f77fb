import type { Db } from '../db/client.js';
import type { SnapshotRepository } from './capture.js';
import {
  adminLocationsCalls,
  adminScopeCalls,
  areasCalls,
  printersCalls,
  readersCalls,
  usersCalls,
} from './snapshot-calls/admin.js';
import { apiKeysCalls } from './snapshot-calls/api-keys.js';
import { auditCalls } from './snapshot-calls/audit.js';
import { authCalls, mfaCalls } from './snapshot-calls/auth.js';
import { availabilityCalls } from './snapshot-calls/availability.js';
import { backupCalls } from './snapshot-calls/backup.js';
import { catalogCalls, catalogImportCalls } from './snapshot-calls/catalog.js';
import { ledgerCalls } from './snapshot-calls/engine.js';
import { captureCalls, demoHistoryCalls, epcisCalls, epcisQueriesCalls } from './snapshot-calls/epcis.js';
import { erpCalls } from './snapshot-calls/erp.js';
import { exitAlarmsCalls } from './snapshot-calls/exit-alarms.js';
import { historyPartitionsCalls } from './snapshot-calls/history.js';
import { ingestCalls } from './snapshot-calls/ingest.js';
import { handheldSetCalls, inventoryCalls, inventoryExportsCalls, inventoryReportsCalls } from './snapshot-calls/inventory.js';
import { liveCalls } from './snapshot-calls/live.js';
import { locationScopeCalls, locationsCalls } from './snapshot-calls/locations.js';
import { movementsCalls } from './snapshot-calls/movements.js';
import { nmsCalls } from './snapshot-calls/nms.js';
import { onlineCalls } from './snapshot-calls/online.js';
import {
  boxesCalls,
  linesCalls,
  orderPagesCalls,
  orderStatusCalls,
  ordersCalls,
  orderWithBoxesCalls,
  providersCalls,
  returnsCalls,
} from './snapshot-calls/orders.js';
import { posCalls } from './snapshot-calls/pos.js';
import { printingCalls, printJobsCalls, tagFormatsCalls, voidedLabelsCalls } from './snapshot-calls/printing.js';
import { replenishmentCalls } from './snapshot-calls/replenishment.js';
import { searchCalls } from './snapshot-calls/search.js';
import { sessionsCalls } from './snapshot-calls/sessions.js';
import { shrinkCalls } from './snapshot-calls/shrink.js';
import { ssoCalls } from './snapshot-calls/sso.js';
import { figuresCalls, statsCalls } from './snapshot-calls/stats.js';
import { stickersCalls } from './snapshot-calls/stickers.js';
import { stockBoxesCalls, stockCalls, stockMinimumsCalls, stockSnapshotCalls, stockSqlCalls } from './snapshot-calls/stock.js';
import { supportCalls } from './snapshot-calls/support.js';
import { trackingCalls } from './snapshot-calls/tracking.js';
import { handheldReceiptCalls, verificationCalls } from './snapshot-calls/verification.js';
import { emitCalls, stockAlarmsCalls, webhooksCalls, webhooksSenderCalls } from './snapshot-calls/webhooks.js';

/**
 * The repositories whose SQL is snapshotted (capture.ts), each method called with fixed inputs typed by its parameters:
 * every `create…Repository(db)` factory of apps/server/src/modules, then every `*.repository.ts` made of functions
 * taking the database handle first (its own functions, not those it re-exports).
 * The inputs were first written by a generator from the parameters' types (a value of each type: 1, 'name', [one]),
 * then edited where a method needs more; the values are never written to the snapshot, only the statements' text.
 * A method without an entry is named in its file's header ("Not called").
 * Each repository's calls are one function of snapshot-calls/<module>.ts; this list keeps the order they run in.
 */
export const snapshotCalls = (db: Db): SnapshotRepository[] => [
  catalogImportCalls(db),
  catalogCalls(db),
  stickersCalls(db),
  printersCalls(db),
  readersCalls(db),
  areasCalls(db),
  usersCalls(db),
  adminLocationsCalls(db),
  historyPartitionsCalls(db),
  authCalls(db),
  mfaCalls(db),
  locationsCalls(db),
  orderWithBoxesCalls(db),
  nmsCalls(db),
  ledgerCalls(db),
  auditCalls(db),
  searchCalls(db),
  sessionsCalls(db),
  apiKeysCalls(db),
  ingestCalls(db),
  replenishmentCalls(db),
  exitAlarmsCalls(db),
  trackingCalls(db),
  printJobsCalls(db),
  tagFormatsCalls(db),
  voidedLabelsCalls(db),
  printingCalls(db),
  webhooksSenderCalls(db),
  webhooksCalls(db),
  backupCalls(db),
  epcisQueriesCalls(db),
  captureCalls(db),
  handheldSetCalls(db),
  shrinkCalls(db),
  ssoCalls(db),
  availabilityCalls(db),
  erpCalls(db),
  adminScopeCalls(db),
  demoHistoryCalls(db),
  epcisCalls(db),
  inventoryExportsCalls(db),
  inventoryReportsCalls(db),
  inventoryCalls(db),
  liveCalls(db),
  locationScopeCalls(db),
  movementsCalls(db),
  onlineCalls(db),
  boxesCalls(db),
  linesCalls(db),
  orderPagesCalls(db),
  orderStatusCalls(db),
  ordersCalls(db),
  providersCalls(db),
  returnsCalls(db),
  posCalls(db),
  figuresCalls(db),
  statsCalls(db),
  stockBoxesCalls(db),
  stockMinimumsCalls(db),
  stockSnapshotCalls(db),
  stockSqlCalls(db),
  stockCalls(db),
  supportCalls(db),
  verificationCalls(db),
  handheldReceiptCalls(db),
  emitCalls(db),
  stockAlarmsCalls(db),
];
