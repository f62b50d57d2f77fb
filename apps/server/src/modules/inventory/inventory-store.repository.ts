import type { ExportLanguage, InventorySummaryQuery, InventoryTagQuery } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createCatalogRepository, type ItemTypeRow } from '../catalog/catalog.repository.js';
import type { Engine } from '../engine/engine.js';
import { requireLocation } from '../locations/location-scope.js';
import { inventoryFigures } from '../stats/figures.repository.js';
import { stockNow } from '../stats/stats.repository.js';
import type { CsvJobs } from './inventory.csv.js';
import { changeInventoryState } from './inventory.engine.js';
import * as rows from './inventory.repository.js';
import type { InventoryPerson } from './inventory-dto.js';
import * as files from './inventory-exports.repository.js';
import * as reports from './inventory-reports.repository.js';

/** The input of a repository read `fn(db, input)`, without its database handle. */
type InputOf<F> = F extends (db: never, input: infer I) => unknown ? I : never;

/** The GTINs (id, GTIN, description) of partial inventories, by inventory. */
export type PartialTypes = Map<number, { id: number; gtin: string; description: string }[]>;

/**
 * What the inventory use cases (use-cases/*.ts) read and write: the user's locations (404 when foreign), the
 * inventories and their reports (inventory.repository.ts, inventory-reports.repository.ts), the engine's state change,
 * the location's figures (the stats module's), and the inventory file's job and its stored file.
 */
export type InventoryRepository = {
  /** The location when the user sees it (else a 404 location.not_found), with its time zone. */
  location: (user: AuthUser, locationId: number) => Promise<{ timeZone: string }>;
  /** The company's inventory, or undefined. */
  inventory: (input: { id: number; companyId: number }) => Promise<rows.InventoryRow | undefined>;
  listInventories: (input: InputOf<typeof rows.listInventories>) => ReturnType<typeof rows.listInventories>;
  partialTypesOf: (inventoryIds: number[]) => Promise<PartialTypes>;
  /** Whether the area is one of the location's. */
  hasArea: (input: { areaId: number; locationId: number }) => Promise<boolean>;
  /** The catalog ids among `ids` that are the company's. */
  companyItemTypes: (input: { ids: number[]; companyId: number }) => Promise<number[]>;
  /**
   * Opens the inventory and takes its expected stock, in one transaction under the area's lock; `busy` (nothing
   * written) while the area has an open inventory.
   */
  openInventory: (input: rows.NewInventory) => Promise<{ id: number } | { busy: true }>;
  /** Validates (2) or cancels (3) the inventory in the engine's transaction, under its row lock (409 otherwise). */
  changeState: (input: { id: number; companyId: number; state: 2 | 3; userId: number; at: Date }) => Promise<void>;
  /** Who opened and who closed the inventory. */
  people: (row: rows.InventoryRow) => Promise<InventoryPerson[]>;
  summary: (input: {
    inventoryId: number;
    kind: reports.SummaryKind;
    query: InventorySummaryQuery;
    page: PageParams;
    itemTypeId?: number;
  }) => Promise<{ count: number; rows: reports.SummaryRow[] }>;
  tags: (input: {
    inventoryId: number;
    kind: reports.TagKind;
    query: InventoryTagQuery;
    page: PageParams;
  }) => Promise<{ count: number; rows: reports.TagRow[] }>;
  /** A GTIN (item type) of the company, or undefined. */
  itemType: (companyId: number, id: number) => Promise<ItemTypeRow | undefined>;
  /** The inventory figures of the locations over inventories started in [from, to] (stats/figures.repository.ts). */
  figures: (input: InputOf<typeof inventoryFigures>) => ReturnType<typeof inventoryFigures>;
  /** The items in stock now at the locations. */
  stockNow: (locationIds: number[]) => Promise<number>;
  /** Queues the inventory file's job; answers its task id. */
  startCsv: (input: {
    companyId: number;
    userId: number;
    inventory: { id: number };
    language: ExportLanguage;
  }) => Promise<string>;
  /** The company's file creation task, or undefined. */
  exportJob: (input: { id: string; companyId: number }) => Promise<Awaited<ReturnType<typeof files.getExportJob>> | undefined>;
  /** The inventory's newest finished file, or undefined before one is made. */
  latestFinishedCsv: (input: {
    inventoryId: number;
    companyId: number;
  }) => Promise<Awaited<ReturnType<typeof files.latestFinishedCsv>> | undefined>;
};

export const createInventoryRepository = (db: Db, csvJobs: CsvJobs, engine: Engine): InventoryRepository => {
  const catalog = createCatalogRepository(db);
  return {
    location: (user, locationId) => requireLocation(db, user, locationId),
    inventory: (input) => rows.getInventory(db, input),
    listInventories: (input) => rows.listInventories(db, input),
    partialTypesOf: (inventoryIds) => rows.partialTypesOf(db, inventoryIds),
    hasArea: async (input) => (await rows.areaOfLocation(db, input)) !== undefined,
    companyItemTypes: (input) => rows.companyItemTypes(db, input),
    openInventory: (input) =>
      db.transaction(async (tx) => {
        await rows.lockArea(tx, input.areaId);
        if (await rows.openInventoryOfArea(tx, input.areaId)) return { busy: true } as const;
        return { id: await rows.insertInventory(tx, input) };
      }),
    changeState: (input) => engine.transaction((scope) => changeInventoryState(scope, input)),
    people: (row) => rows.inventoryUsers(db, row),
    summary: (input) => reports.inventorySummary(db, input),
    tags: (input) => reports.inventoryTags(db, input),
    itemType: (companyId, id) => catalog.byId(companyId, id),
    figures: (input) => inventoryFigures(db, input),
    stockNow: (locationIds) => stockNow(db, locationIds),
    startCsv: (input) => csvJobs.start(input),
    exportJob: (input) => files.getExportJob(db, input),
    latestFinishedCsv: (input) => files.latestFinishedCsv(db, input),
  };
};
