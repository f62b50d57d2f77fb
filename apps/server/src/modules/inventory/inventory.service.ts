import type { ExportLanguage, InventoryListQuery, InventorySummaryQuery, InventoryTagQuery } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { Engine } from '../engine/engine.js';
import type { CsvJobs } from './inventory.csv.js';
import type { SummaryKind, TagKind } from './inventory-reports.repository.js';
import { createInventoryRepository } from './inventory-store.repository.js';
import { type ChangeInventoryStateInput, changeInventoryState } from './use-cases/change-inventory-state.js';
import { getFileProgress } from './use-cases/get-file-progress.js';
import { getInventory } from './use-cases/get-inventory.js';
import { getInventoryCsv } from './use-cases/get-inventory-csv.js';
import { getInventoryGtin } from './use-cases/get-inventory-gtin.js';
import { type GetInventoryStatsInput, getInventoryStats } from './use-cases/get-inventory-stats.js';
import { listInventories } from './use-cases/list-inventories.js';
import { listInventorySummary } from './use-cases/list-inventory-summary.js';
import { listInventoryTags } from './use-cases/list-inventory-tags.js';
import { listInventoryUsers } from './use-cases/list-inventory-users.js';
import { type OpenInventoryInput, openInventory } from './use-cases/open-inventory.js';
import { startInventoryCsv } from './use-cases/start-inventory-csv.js';

/**
 * Inventories (spec sections 2, 4 and 7, docs/design.md §6): the use cases (use-cases/*.ts) over the database's
 * inventory repository, as the routes call them. Reads for every role that sees the location (another company's or
 * location's inventory is 404); opening, validating and canceling for roles 1 to 3 (checked by the routes).
 */
export const createInventoryService = (db: Db, csvJobs: CsvJobs, engine: Engine) => {
  const repo = createInventoryRepository(db, csvJobs, engine);
  return {
    list: (user: AuthUser, locationId: number, query: InventoryListQuery, page: PageParams) =>
      listInventories(repo, { user, locationId, query, page }),
    get: (user: AuthUser, id: number) => getInventory(repo, { user, id }),
    create: (user: AuthUser, locationId: number, body: OpenInventoryInput['body']) =>
      openInventory(repo, { user, locationId, body, now: new Date() }),
    changeState: (user: AuthUser, id: number, body: ChangeInventoryStateInput['body']) =>
      changeInventoryState(repo, { user, id, body, now: new Date() }),
    users: (user: AuthUser, id: number) => listInventoryUsers(repo, { user, id }),
    summary: (user: AuthUser, id: number, kind: SummaryKind, query: InventorySummaryQuery, page: PageParams) =>
      listInventorySummary(repo, { user, id, kind, query, page }),
    gtin: (user: AuthUser, id: number, itemTypeId: number) => getInventoryGtin(repo, { user, id, itemTypeId }),
    tags: (user: AuthUser, id: number, kind: TagKind, query: InventoryTagQuery, page: PageParams) =>
      listInventoryTags(repo, { user, id, kind, query, page }),
    stats: (user: AuthUser, locationId: number, query: GetInventoryStatsInput['query']) =>
      getInventoryStats(repo, { user, locationId, query, now: new Date() }),
    startCsv: (user: AuthUser, id: number, language: ExportLanguage) => startInventoryCsv(repo, { user, id, language }),
    progress: (user: AuthUser, taskId: string) => getFileProgress(repo, { user, taskId }),
    csv: (user: AuthUser, id: number) => getInventoryCsv(repo, { user, id }),
  };
};
export type InventoryService = ReturnType<typeof createInventoryService>;
