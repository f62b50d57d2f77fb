import type {
  BoxAreaSeen,
  BoxStockRow,
  ContentBox,
  InventoryFileResult,
  ItemStockRow,
  MinimumStock,
  StockAlarm,
  StockRow,
} from '@rfid/contract';
import { LiveTopic } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import { type Message, msg } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireArea } from '../admin/admin-scope.js';
import { recordLive } from '../live/live.service.js';
import { requireLocation } from '../locations/location-scope.js';
import { toEpcLine } from '../tracking/epc-line.js';
import * as repo from './stock.repository.js';
import { isAlarm, laterOf, parseInventoryFile, rowMessage, stockOf } from './stock.rules.js';

type Page<T> = { count: number; results: T[] };

export const toStockRow = (r: repo.StockRowRecord): StockRow => {
  const count = stockOf({ rfid: r.rfid, counted: r.counted });
  return {
    itemtype: {
      id: r.id,
      gtin: r.gtin,
      reference: r.reference,
      description: r.description,
      model: r.model,
      colour: r.colour,
      season: r.season,
    },
    gtin: r.gtin,
    description: r.description,
    count,
    quantity: count,
    rfid_count: r.rfid,
    counted_count: r.counted,
    cloth_type: r.clothType,
    section: r.section,
    model: r.model,
    colour: r.colour,
    season: r.season,
    zones: r.zone,
    sizes: r.sizes,
    size_primary: r.sizePrimary,
    size_secondary: r.sizeSecondary,
    price: r.price,
    minimum_stock: r.minimumStock,
    minimum_stock_id: r.minimumStockId,
    is_alarm: isAlarm({ current: count, minimum: r.minimumStock }),
  };
};

const areaRef = (r: { areaId: number; areaDescription: string; locationDescription: string }) => ({
  id: r.areaId,
  description: r.areaDescription,
  location_description: r.locationDescription,
});

const toBoxStockRow = (r: repo.BoxStockRecord): BoxStockRow => ({
  id: r.boxId,
  codebar: r.codebar,
  quantity: r.quantity,
  area: areaRef(r),
  location: r.locationId,
  date: r.date.toISOString(),
  order: r.orderId,
  pallet: r.pallet,
});

const toMinimumStock = (r: repo.MinimumStockRecord): MinimumStock => ({
  id: r.id,
  area: r.areaId,
  area_description: r.areaDescription,
  location: r.locationId,
  location_description: r.locationDescription,
  item_type: r.itemTypeId,
  gtin: r.gtin,
  minimum_stock: r.minimumStock,
  current_stock: r.currentStock,
  updated_at: r.updatedAt.toISOString(),
});

/** The live row of a change to an area's alarms (its minimum or counted stock): the bell and the stock pages refresh. */
const alarmsChanged = (area: { id: number; locationId: number; companyId: number }) => ({
  companyId: area.companyId,
  locationId: area.locationId,
  topic: LiveTopic.Alarms,
  payload: { area: area.id },
});

export const toAlarm = (r: repo.MinimumStockRecord): StockAlarm => ({
  id: r.id,
  area: areaRef(r),
  location: { id: r.locationId, description: r.locationDescription },
  item_type: r.itemTypeId,
  gtin: r.gtin,
  description: r.description,
  size: r.size,
  colour: r.colour,
  minimum_stock: r.minimumStock,
  current_stock: r.currentStock,
  date: laterOf(r.updatedAt, r.uploadedAt).toISOString(),
});

/** `gtin` and `gtin__icontains` are one filter: the digits the GTIN contains. */
const gtinFilter = (q: { gtin?: string; gtin__icontains?: string }): string | undefined =>
  (q.gtin || q.gtin__icontains || '').replace(/\D/g, '') || undefined;

type StockQuery = {
  gtin?: string;
  gtin__icontains?: string;
  itemtype?: number;
  description__icontains?: string;
  omit: boolean;
  order_by?: string;
};

export const createStockService = (db: Db) => {
  /** The areas a global query covers: area1, else location, else every location the user sees (foreign ids 404). */
  const areaSetOf = async (user: AuthUser, q: { location?: number; area1?: number; area?: number }): Promise<repo.AreaSet> => {
    const areaId = q.area1 ?? q.area;
    if (areaId) {
      const area = await requireArea(db, user, areaId);
      if (q.location && area.locationId !== q.location) throw notFound('admin.area_not_found');
      return { kind: 'area', areaId: area.id };
    }
    if (q.location) {
      await requireLocation(db, user, q.location);
      return { kind: 'location', locationId: q.location };
    }
    return { kind: 'visible', user };
  };

  const requireItemType = async (user: AuthUser, id: number) => {
    const row = await repo.itemTypeOf(db, user.companyId, id);
    if (!row) throw notFound('catalog.gtin_not_found');
    return row;
  };

  const stock = async (
    user: AuthUser,
    {
      areas,
      minimumOfArea,
      query,
      page,
    }: { areas: repo.AreaSet; minimumOfArea: number | null; query: StockQuery; page: PageParams },
  ): Promise<Page<StockRow>> => {
    const { count, rows } = await repo.stockPerGtin(db, {
      companyId: user.companyId,
      areas,
      minimumOfArea,
      omitZero: query.omit,
      filters: { gtin: gtinFilter(query), itemtype: query.itemtype, description: query.description__icontains },
      orderBy: query.order_by,
      page,
    });
    return { count, results: rows.map(toStockRow) };
  };

  return {
    /** GET /areas/{id}/summary/: stock per GTIN of one area, with its minimum stocks. */
    async areaSummary(user: AuthUser, areaId: number, query: StockQuery, page: PageParams): Promise<Page<StockRow>> {
      const area = await requireArea(db, user, areaId);
      return stock(user, { areas: { kind: 'area', areaId: area.id }, minimumOfArea: area.id, query, page });
    },

    /** GET /global-stock/: stock per GTIN of an area (area1), a location, or every location the user sees. */
    async globalStock(
      user: AuthUser,
      query: StockQuery & { location?: number; area1?: number },
      page: PageParams,
    ): Promise<Page<StockRow>> {
      const areas = await areaSetOf(user, query);
      return stock(user, { areas, minimumOfArea: areas.kind === 'area' ? areas.areaId : null, query, page });
    },

    /** GET /global-item-stock/: the tags in stock (items STOCKED), one row each. */
    async itemStock(
      user: AuthUser,
      query: { location?: number; area1?: number; epc__icontains?: string; gtin?: string },
      page: PageParams,
    ): Promise<Page<ItemStockRow>> {
      const areas = await areaSetOf(user, query);
      const { count, rows } = await repo.itemStock(db, {
        areas,
        epc: query.epc__icontains?.trim() || undefined,
        gtin: gtinFilter(query),
        page,
      });
      return {
        count,
        results: rows.map((r) => ({
          ...toEpcLine(r, 1),
          area: areaRef(r),
          location: r.locationId,
          last_seen_at: r.lastSeenAt?.toISOString() ?? null,
        })),
      };
    },

    /** GET /boxstock/ and /areas/{id}/boxstock/: boxes whose last sighting was in the areas. */
    async boxStock(
      user: AuthUser,
      query: { location?: number; area?: number; codebar__icontains?: string },
      page: PageParams,
    ): Promise<Page<BoxStockRow>> {
      const areas = await areaSetOf(user, query);
      const { count, rows } = await repo.boxStock(db, {
        companyId: user.companyId,
        areas,
        codebar: query.codebar__icontains || undefined,
        page,
      });
      return { count, results: rows.map(toBoxStockRow) };
    },

    /** GET /contentbox/{codebar}/: the GTINs of the box's last sighting (404 when never read or read elsewhere than the user sees). */
    async contentBox(user: AuthUser, codebar: string): Promise<ContentBox> {
      const last = await repo.lastSighting(db, { companyId: user.companyId, codebar });
      if (!last || (user.locationIds !== null && !user.locationIds.includes(last.locationId))) {
        throw notFound('orders.box_not_found');
      }
      const contents = await repo.setContents(db, last.setId);
      return {
        codebar: last.codebar,
        id: last.boxId,
        quantity: last.quantity,
        date: last.date.toISOString(),
        area: areaRef(last),
        results: contents.map((c) => ({
          item_type: c.itemTypeId,
          gtin: c.gtin,
          description: c.description,
          size: c.size,
          colour: c.colour,
          quantity: c.quantity,
        })),
      };
    },

    /** GET /boxareaseens/{areaId}/: the barcodes read in an area (cycles, detections, last date). */
    async boxesSeen(
      user: AuthUser,
      areaId: number,
      query: { codebar__icontains?: string; order_by?: string },
      page: PageParams,
    ): Promise<Page<BoxAreaSeen>> {
      const area = await requireArea(db, user, areaId);
      const { count, rows } = await repo.boxesSeen(db, {
        companyId: user.companyId,
        areaId: area.id,
        codebar: query.codebar__icontains || undefined,
        orderBy: query.order_by,
        page,
      });
      return { count, results: rows.map((r) => toSeen(area, r)) };
    },

    /** GET /boxareaseens/{areaId}/csv/: the same rows, all of them, chunk by chunk. */
    async boxesSeenCsv(user: AuthUser, areaId: number) {
      const area = await requireArea(db, user, areaId);
      return { area, chunks: repo.boxesSeenChunks(db, { companyId: user.companyId, areaId: area.id }) };
    },

    /**
     * POST /areas/{id}/upload_inventory_file/: the counted stock of the area's GTINs. Any bad
     * row refuses the whole file (400 naming the row); otherwise every GTIN's quantity is
     * written in one transaction, replacing what the area had counted for it.
     */
    async uploadInventoryFile(user: AuthUser, areaId: number, text: string): Promise<InventoryFileResult> {
      const area = await requireArea(db, user, areaId);
      const parsed = parseInventoryFile(text);
      if (!parsed.ok) throw fileError(parsed.errors.map(rowMessage));
      const ids = await repo.itemTypeIdsByGtin(
        db,
        user.companyId,
        parsed.lines.map((l) => l.gtin),
      );
      const unknown = parsed.lines.filter((l) => !ids.has(l.gtin));
      if (unknown.length) {
        throw fileError(
          unknown.slice(0, 10).map((l) => rowMessage({ row: l.row, message: msg('stock.file_gtin_unknown', { gtin: l.gtin }) })),
        );
      }
      const lines = parsed.lines.map((l) => ({ itemTypeId: ids.get(l.gtin) as number, quantity: l.quantity }));
      await db.transaction(async (tx) => {
        await repo.upsertCountedStock(tx, { areaId: area.id, userId: user.id, lines, at: new Date() });
        await recordLive(tx, [alarmsChanged(area)]);
      });
      return {
        area: area.id,
        rows: parsed.rows,
        gtins: lines.length,
        quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
      };
    },

    /** GET /types/{id}/minstock/: the GTIN's minimum stocks in the areas the user sees. */
    async minimumStocksOfType(
      user: AuthUser,
      itemTypeId: number,
      query: { location?: number; area?: number },
    ): Promise<MinimumStock[]> {
      await requireItemType(user, itemTypeId);
      if (query.location) await requireLocation(db, user, query.location);
      if (query.area) await requireArea(db, user, query.area);
      const rows = await repo.minimumStocksOfType(db, {
        user,
        itemTypeId,
        locationId: query.location,
        areaId: query.area,
      });
      return rows.map(toMinimumStock);
    },

    /** POST /minstock/: sets the minimum stock of a GTIN in an area (creating its record when new). */
    async setMinimumStock(
      user: AuthUser,
      body: { area: number; item_type: number; minimum_stock: number },
    ): Promise<{ created: boolean; record: MinimumStock }> {
      const area = await requireArea(db, user, body.area);
      await requireItemType(user, body.item_type);
      const { id, created } = await repo.upsertMinimumStock(db, {
        companyId: user.companyId,
        areaId: area.id,
        itemTypeId: body.item_type,
        minimumStock: body.minimum_stock,
      });
      await recordLive(db, [alarmsChanged(area)]);
      const record = await repo.minimumStockById(db, user, id);
      if (!record) throw notFound('stock.minimum_not_found');
      return { created, record: toMinimumStock(record) };
    },

    /** PUT /minstock/{id}/: a record's area and value (409 when that area already has one for the GTIN). */
    async updateMinimumStock(
      user: AuthUser,
      id: number,
      body: { area: number; item_type?: number; minimum_stock: number },
    ): Promise<MinimumStock> {
      const current = await repo.minimumStockById(db, user, id);
      if (!current) throw notFound('stock.minimum_not_found');
      if (body.item_type !== undefined && body.item_type !== current.itemTypeId) {
        throw new AppError('VALIDATION', {
          message: 'stock.minimum_gtin_fixed',
          errors: { item_type: ['stock.minimum_gtin_fixed'] },
        });
      }
      const area = await requireArea(db, user, body.area);
      const done = await repo.updateMinimumStock(db, { id, areaId: area.id, minimumStock: body.minimum_stock });
      if (!done) throw conflict('stock.minimum_taken');
      await recordLive(db, [alarmsChanged(area)]);
      const record = await repo.minimumStockById(db, user, id);
      if (!record) throw notFound('stock.minimum_not_found');
      return toMinimumStock(record);
    },

    /** GET /alarms/: GTINs below their minimum stock in the areas the user sees. */
    async alarms(
      user: AuthUser,
      query: { location?: number; area?: number; gtin?: string; order_by?: string },
      page: PageParams,
    ): Promise<Page<StockAlarm>> {
      const filters = await alarmFilters(user, query);
      const { count, rows } = await repo.alarms(db, { user, filters, orderBy: query.order_by, page });
      return { count, results: rows.map(toAlarm) };
    },

    /** GET /alarms/count/: how many (the header's bell). */
    async alarmCount(user: AuthUser, query: { location?: number; area?: number; gtin?: string }): Promise<number> {
      return repo.alarmCount(db, { user, filters: await alarmFilters(user, query) });
    },
  };

  async function alarmFilters(
    user: AuthUser,
    query: { location?: number; area?: number; gtin?: string },
  ): Promise<repo.AlarmFilters> {
    if (query.location) await requireLocation(db, user, query.location);
    if (query.area) await requireArea(db, user, query.area);
    return { locationId: query.location, areaId: query.area, gtin: gtinFilter(query) };
  }
};

const toSeen = (
  area: { id: number; description: string; locationId: number; locationDescription: string },
  r: repo.BoxSeenRecord,
) => ({
  box: r.boxId,
  area: { id: area.id, description: area.description, location_description: area.locationDescription },
  location: { id: area.locationId, description: area.locationDescription },
  barcode: r.codebar,
  pallet: r.pallet,
  cycles: r.cycles,
  detections: r.detections,
  date: r.date.toISOString(),
});

/** A refused inventory file: 400, the first row's message, every listed row under `file`. */
const fileError = (messages: Message[]): AppError =>
  new AppError('VALIDATION', { message: messages[0] ?? 'upload.file_refused', errors: { file: messages } });
