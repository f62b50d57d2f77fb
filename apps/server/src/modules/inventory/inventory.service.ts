import type {
  ExportLanguage,
  FileCreationProgress,
  Inventory,
  InventoryStats,
  InventorySummaryRow,
  InventoryTag,
  InventoryUser,
  ItemType,
} from '@rfid/contract';
import { InventoryState } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { AppError, conflict, fieldError, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { type CatalogRepository, createCatalogRepository } from '../catalog/catalog.repository.js';
import { toItemTypeDto } from '../catalog/catalog.service.js';
import type { Engine } from '../engine/engine.js';
import { requireLocation } from '../locations/location-scope.js';
import { statsRange } from '../movements/outbound.shared.js';
import { inventoryFigures } from '../stats/figures.repository.js';
import { stockNow } from '../stats/stats.repository.js';
import { minutes } from '../stats/stats.rules.js';
import type { CsvJobs } from './inventory.csv.js';
import { inventoryFileName } from './inventory.csv.js';
import { changeInventoryState } from './inventory.engine.js';
import * as repo from './inventory.repository.js';
import { accuracyOf, estimatedMinutes, excessOf, missingOf, progressOf, round2 } from './inventory.rules.js';
import * as files from './inventory-exports.repository.js';
import * as reports from './inventory-reports.repository.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const toInventoryDto = (
  r: repo.InventoryRow,
  itemTypes: { id: number; gtin: string; description: string }[] = [],
): Inventory => {
  const counts = { expected: r.expectedCount, read: r.readCount, matched: r.matchedCount };
  return {
    id: r.id,
    state: r.state,
    valid: r.state === InventoryState.Validated,
    canceled: r.state === InventoryState.Canceled,
    start_time: r.startTime.toISOString(),
    end_time: iso(r.endTime),
    closed_at: iso(r.closedAt),
    theorical_stock: r.expectedCount,
    matched_items: r.matchedCount,
    items: r.readCount,
    missing_items: missingOf(counts),
    excess_items: excessOf(counts),
    progress: progressOf(counts),
    accuracy: accuracyOf(counts),
    is_partial: r.isPartial,
    is_file_created: r.isFileCreated,
    location: r.locationId,
    location_description: r.locationDescription,
    location_area: r.areaId,
    location_area_description: r.areaDescription,
    device:
      r.deviceId !== null && r.deviceSerial !== null
        ? { id: r.deviceId, serial_number: r.deviceSerial, working_mode: r.deviceMode ?? 0 }
        : null,
    item_types: itemTypes,
  };
};

export const toSummaryDto = (r: reports.SummaryRow): InventorySummaryRow => {
  const counts = { expected: r.expected, read: r.read, matched: r.matched };
  return {
    item_type: r.item_type,
    gtin: r.gtin,
    theorical_quantity: r.expected,
    quantity: r.read,
    matched: r.matched,
    missing: missingOf(counts),
    excess: excessOf(counts),
    season: r.season,
    section: r.section,
    model: r.model,
    description: r.description,
    reference: r.reference,
    sizes: r.sizes,
    size_primary: r.size_primary,
    colour: r.colour,
  };
};

export const toTagDto = (r: reports.TagRow, kind: reports.TagKind): InventoryTag => ({
  id: r.id,
  epc: r.epc,
  gtin: r.gtin,
  item_type: r.item_type,
  lot: r.lot,
  quantity: kind === 'read' ? 1 : 0,
  description: r.description,
  status: kind === 'lost' ? 'missing' : r.is_expected ? 'matched' : 'excess',
  read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
});

/** Opens the inventory (409 while the area has an open one) and answers its id. */
const openInventory = async (
  db: Db,
  user: AuthUser,
  locationId: number,
  body: { location_area: number; item_types: number[] },
): Promise<number> => {
  await requireLocation(db, user, locationId);
  if (!(await repo.areaOfLocation(db, { areaId: body.location_area, locationId }))) {
    throw fieldError('location_area', 'inventory.select_area');
  }
  const known = await repo.companyItemTypes(db, { ids: body.item_types, companyId: user.companyId });
  if (known.length !== body.item_types.length) throw fieldError('item_types', 'catalog.unknown_gtin');
  return db.transaction(async (tx) => {
    await repo.lockArea(tx, body.location_area);
    if (await repo.openInventoryOfArea(tx, body.location_area)) {
      throw conflict('inventory.area_busy');
    }
    return repo.insertInventory(tx, {
      companyId: user.companyId,
      locationId,
      areaId: body.location_area,
      deviceId: null,
      createdBy: user.id,
      startTime: new Date(),
      itemTypeIds: body.item_types,
    });
  });
};

/** Who opened the inventory and who validated or canceled it (when it is closed), with the dates. */
const toInventoryUsers = (row: repo.InventoryRow, people: Awaited<ReturnType<typeof repo.inventoryUsers>>): InventoryUser[] => {
  const person = (userId: number | null) => people.find((p) => p.id === userId);
  const result: InventoryUser[] = [];
  const opener = person(row.createdBy);
  if (opener) {
    result.push({
      id: opener.id,
      first_name: opener.firstName,
      last_name: opener.lastName,
      email: opener.email,
      action: 'opened',
      date: row.startTime.toISOString(),
    });
  }
  const closer = person(row.closedBy);
  if (closer && (row.state === InventoryState.Validated || row.state === InventoryState.Canceled)) {
    result.push({
      id: closer.id,
      first_name: closer.firstName,
      last_name: closer.lastName,
      email: closer.email,
      action: row.state === InventoryState.Validated ? 'validated' : 'canceled',
      date: iso(row.closedAt),
    });
  }
  return result;
};

/** The zero line of a GTIN the inventory does not hold. */
const emptyLine = (type: NonNullable<Awaited<ReturnType<CatalogRepository['byId']>>>) => ({
  item_type: type.id,
  gtin: type.gtin,
  expected: 0,
  read: 0,
  matched: 0,
  description: type.description,
  model: type.model,
  colour: type.colour,
  season: type.season,
  section: type.section,
  reference: type.reference,
  size_primary: type.sizePrimary,
  sizes: type.sizes,
  total: 0,
});

/** The inventory figures of a location in a range (default the last 30 days), in its days. */
const locationStats = async (
  db: Db,
  user: AuthUser,
  locationId: number,
  query: { date_start?: string; date_end?: string },
): Promise<InventoryStats> => {
  const { timeZone } = await requireLocation(db, user, locationId);
  const { from, to } = statsRange(query, undefined, timeZone);
  // The figures and the stock are the stats module's, over this one location.
  const [f, stock] = await Promise.all([
    inventoryFigures(db, { locationIds: [locationId], from, to }),
    stockNow(db, [locationId]),
  ]);
  return {
    total_inventory_count: f.total,
    pending_inventories: f.pending,
    validated_inventories: f.validated,
    estimated_inventory_time: estimatedMinutes({ stock, itemsRead: f.readSum, minutes: f.secondsSum / 60 }),
    avg_inventory_time: minutes(f.avgSeconds),
    avg_inventory_items: round2(f.avgItems),
    avg_inventory_accuracy: round2(f.avgAccuracy),
    stock,
    from: from.toISOString(),
    to: to.toISOString(),
  };
};

/** The inventory file: starting it, its progress and the newest finished one. */
const inventoryFiles = (
  db: Db,
  csvJobs: CsvJobs,
  requireInventory: (user: AuthUser, id: number) => Promise<repo.InventoryRow>,
) => ({
  /** Starts the inventory file, written in `language` (the user's). */
  async startCsv(user: AuthUser, id: number, language: ExportLanguage): Promise<{ task_id: string }> {
    const row = await requireInventory(user, id);
    const taskId = await csvJobs.start({ companyId: user.companyId, userId: user.id, inventory: row, language });
    return { task_id: taskId };
  },

  async progress(user: AuthUser, taskId: string): Promise<FileCreationProgress> {
    const job = await files.getExportJob(db, { id: taskId, companyId: user.companyId });
    if (job?.kind !== 'inventory-csv' || job.refId === null) throw notFound('jobs.task_not_found');
    await requireInventory(user, job.refId);
    return { task_id: job.id, progress: job.progress, file_name: job.fileName, error: job.error };
  },

  /** The newest finished file of the inventory; 404 before one was created. */
  async csv(user: AuthUser, id: number): Promise<{ fileName: string; content: string }> {
    await requireInventory(user, id);
    const file = await files.latestFinishedCsv(db, { inventoryId: id, companyId: user.companyId });
    if (!file?.content) {
      throw new AppError('NOT_FOUND', { message: 'jobs.file_not_ready' });
    }
    // Served with one UTF-8 BOM whatever the stored text starts with (a file stored before issue 28 has none), so a
    // spreadsheet opened by a double click reads its accents right.
    const content = file.content.startsWith('\uFEFF') ? file.content : `\uFEFF${file.content}`;
    return { fileName: file.fileName || inventoryFileName(id), content };
  },
});

/**
 * Inventories (spec sections 2, 4 and 7, docs/design.md §6): reads for every role that sees the
 * location (another company's or location's inventory is 404); opening, validating and canceling
 * for roles 1 to 3 (checked by the routes).
 */
export const createInventoryService = (db: Db, csvJobs: CsvJobs, engine: Engine) => {
  const catalog = createCatalogRepository(db);

  /** The inventory if the user sees its location, else 404. */
  const requireInventory = async (user: AuthUser, id: number): Promise<repo.InventoryRow> => {
    const row = await repo.getInventory(db, { id, companyId: user.companyId });
    if (!row || (user.locationIds !== null && !user.locationIds.includes(row.locationId))) {
      throw notFound('inventory.not_found');
    }
    return row;
  };

  const withTypes = async (row: repo.InventoryRow): Promise<Inventory> => {
    const types = row.isPartial ? await repo.partialTypesOf(db, [row.id]) : new Map();
    return toInventoryDto(row, types.get(row.id) ?? []);
  };

  return {
    requireInventory,

    async list(user: AuthUser, locationId: number, query: Record<string, unknown>, page: PageParams) {
      const { timeZone } = await requireLocation(db, user, locationId);
      const { count, rows } = await repo.listInventories(db, { locationId, query, page, timeZone });
      const types = await repo.partialTypesOf(
        db,
        rows.filter((r) => r.isPartial).map((r) => r.id),
      );
      return { count, results: rows.map((r) => toInventoryDto(r, types.get(r.id) ?? [])) };
    },

    async get(user: AuthUser, id: number): Promise<Inventory> {
      return withTypes(await requireInventory(user, id));
    },

    /**
     * Opens an inventory of an area of the location (total, or partial with the chosen GTINs),
     * taking its expected stock now. 409 while the area has an open inventory: a handheld's reads
     * go to the area's open inventory, so two would compete.
     */
    async create(user: AuthUser, locationId: number, body: { location_area: number; item_types: number[] }) {
      const id = await openInventory(db, user, locationId, body);
      return withTypes(await requireInventory(user, id));
    },

    /**
     * PUT {state}: 2 validates a pending inventory (its items move, see applyValidation), 3 cancels
     * a pending or computing one (nothing moves). 409 with the reason otherwise. One transaction,
     * under the inventory's row lock, so a set arriving meanwhile waits and a double click validates once.
     */
    async changeState(user: AuthUser, id: number, state: 2 | 3, now = new Date()): Promise<Inventory> {
      await requireInventory(user, id);
      await engine.transaction((scope) =>
        changeInventoryState(scope, { id, companyId: user.companyId, state, userId: user.id, at: now }),
      );
      return withTypes(await requireInventory(user, id));
    },

    async users(user: AuthUser, id: number): Promise<InventoryUser[]> {
      const row = await requireInventory(user, id);
      return toInventoryUsers(row, await repo.inventoryUsers(db, row));
    },

    async summary(user: AuthUser, id: number, kind: reports.SummaryKind, query: Record<string, unknown>, page: PageParams) {
      await requireInventory(user, id);
      const { count, rows } = await reports.inventorySummary(db, { inventoryId: id, kind, query, page });
      return { count, results: rows.map(toSummaryDto) };
    },

    /** A GTIN in an inventory: the inventory, its line (zero figures when the GTIN is not in it) and the product card. */
    async gtin(user: AuthUser, id: number, itemTypeId: number) {
      const row = await requireInventory(user, id);
      const type = await catalog.byId(user.companyId, itemTypeId);
      if (!type) throw notFound('catalog.gtin_not_found');
      const { rows } = await reports.inventorySummary(db, {
        inventoryId: id,
        kind: 'all',
        query: {},
        page: { limit: 1, offset: 0 },
        itemTypeId,
      });
      const [line] = rows;
      const itemType: ItemType = toItemTypeDto(type);
      return {
        inventory: await withTypes(row),
        line: line ? toSummaryDto(line) : toSummaryDto(emptyLine(type)),
        item_type: itemType,
      };
    },

    async tags(user: AuthUser, id: number, kind: reports.TagKind, query: Record<string, unknown>, page: PageParams) {
      await requireInventory(user, id);
      const { count, rows } = await reports.inventoryTags(db, { inventoryId: id, kind, query, page });
      return { count, results: rows.map((r) => toTagDto(r, kind)) };
    },

    stats: (user: AuthUser, locationId: number, query: { date_start?: string; date_end?: string }) =>
      locationStats(db, user, locationId, query),

    ...inventoryFiles(db, csvJobs, requireInventory),
  };
};
export type InventoryService = ReturnType<typeof createInventoryService>;
