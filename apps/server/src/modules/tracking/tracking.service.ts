import type {
  AreaRef,
  EpcReading,
  EpcReadingGroup,
  FreeReadingSet,
  FreeReadingSetDetail,
  FreeReadingSetListQuery,
  Item,
  ItemListQuery,
  OrderType,
  PagingQuery,
  ReadingSetEpc,
  ReadingSource,
} from '@rfid/contract';
import { itemStateName } from '@rfid/contract';
import { type Gs1ElementString, isDigitalLinkUri, isEpcError, parseDigitalLink } from '@rfid/epc';
import type { Db } from '../../db/client.js';
import { fieldError, foundOr } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { uncompressedDigitalLink } from '../epcis/capture/compressed-link.js';
import { companyTimeZone, requireLocation } from '../locations/location-scope.js';
import { createTrackingRepository, type ItemRow, type SetRow, type TrackingRepository } from './tracking.repository.js';

const areaRef = (id: number | null, description: string | null, locationDescription: string | null): AreaRef | null =>
  id === null ? null : { id, description: description ?? '', location_description: locationDescription ?? '' };

/** The columns of a reading that say what brought it (tracking.repository's `readingPlaceColumns`). */
type SourceColumns = {
  orderId: number | null;
  orderCode: string | null;
  orderType: OrderType | null;
  boxId: number | null;
  boxCodebar: string | null;
  side: 'origin' | 'destination' | null;
  returnId: number | null;
  returnKind: 'provider' | 'sale' | null;
  returnCode: string | null;
};

/** The order, box and return that brought a reading (issue 28), each null when its record is absent. */
export const readingSource = (r: SourceColumns): ReadingSource => ({
  order: r.orderId === null || r.orderType === null ? null : { id: r.orderId, order_code: r.orderCode ?? '', type: r.orderType },
  box: r.boxId === null ? null : { id: r.boxId, codebar: r.boxCodebar ?? '' },
  side: r.side,
  return: r.returnId === null || r.returnKind === null ? null : { id: r.returnId, kind: r.returnKind, code: r.returnCode ?? '' },
});

/** The columns of a reading (or a set's reads of a tag) that say where the tag was and who read it. */
type PlaceColumns = SourceColumns & {
  state: number;
  area1Id: number | null;
  area1Description: string | null;
  area1Location: string | null;
  area2Id: number | null;
  area2Description: string | null;
  area2Location: string | null;
  claimedBy: string | null;
  deviceSerial: string | null;
  readAreaId: number | null;
  readAreaDescription: string | null;
  readAreaLocation: string | null;
};

/** What a reading and a set's reads of a tag both tell: the tag's state and areas, the reader and what brought it. */
const readingPlaces = (r: PlaceColumns) => ({
  state: r.state,
  state_name: itemStateName(r.state),
  area1: areaRef(r.area1Id, r.area1Description, r.area1Location),
  area2: areaRef(r.area2Id, r.area2Description, r.area2Location),
  claimed_by: r.claimedBy,
  device: r.deviceSerial,
  read_area: areaRef(r.readAreaId, r.readAreaDescription, r.readAreaLocation),
  ...readingSource(r),
});

/** One row of a page of the repository's `Fetch`. */
type RowOf<Fetch extends keyof TrackingRepository> =
  Awaited<ReturnType<TrackingRepository[Fetch]>> extends { rows: (infer R)[] } ? R : never;

const toReadingDto = (r: RowOf<'readingsOfItem'>): EpcReading => ({
  id: r.id,
  date: r.readAt.toISOString(),
  readingSet: r.readingSetId,
  epc: r.epc,
  antenna: r.antenna,
  rssi: r.rssi,
  ...readingPlaces(r),
});

const toReadingGroupDto = (r: RowOf<'readingSetsOfItem'>): EpcReadingGroup => ({
  readingSet: r.readingSetId,
  first_date: r.firstRead.toISOString(),
  date: r.lastRead.toISOString(),
  read_count: r.reads,
  antennas: r.antennas,
  best_rssi: r.bestRssi === null ? null : Number(r.bestRssi),
  epc: r.epc,
  ...readingPlaces(r),
});

export const toItemDto = (row: ItemRow): Item => ({
  id: row.id,
  epc: row.epc,
  scheme: row.scheme,
  gtin: row.gtin,
  serial: row.serial,
  item_type: row.itemTypeId,
  description: row.description,
  state: row.state,
  state_name: itemStateName(row.state),
  area: areaRef(row.areaId, row.areaDescription, row.areaLocationDescription),
  location: row.locationId,
  last_seen_at: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  status: row.status,
  status_ref: row.statusRef,
});

export const toFreeSetDto = (row: SetRow): FreeReadingSet => ({
  id: row.id,
  start_time: row.startTime.toISOString(),
  end_time: row.endTime.toISOString(),
  codebar: row.codebar,
  working_mode: row.workingMode,
  read_count: row.readCount,
  epc_count: row.epcCount,
  device:
    row.deviceId === null ? null : { id: row.deviceId, serial_number: row.deviceSerial ?? '', mac_address: row.deviceMac ?? '' },
  area: areaRef(row.areaId, row.areaDescription, row.areaLocationDescription),
});

/**
 * The GTIN and serial of a GS1 Digital Link typed or scanned in the tracker (issue 17): an item is found by them as by
 * its EPC, compressed or not. 400 when the URI is not a Digital Link, or names a product (no serial) rather than one item.
 */
export const digitalLinkItem = (uri: string): { gtin: string; serial: string } => {
  let link: Gs1ElementString;
  try {
    // A compressed Digital Link (GS1 Digital Link: Compression) is read as its uncompressed form.
    link = parseDigitalLink(uncompressedDigitalLink(uri) ?? uri);
  } catch (error) {
    if (isEpcError(error)) throw fieldError('epc', 'scan.digital_link_invalid');
    throw error;
  }
  if (!link.gtin || link.serial === undefined) throw fieldError('epc', 'scan.digital_link_no_serial');
  return { gtin: link.gtin, serial: link.serial };
};

/** An EPC as typed in the tracker: spaces removed, hex upper case. */
export const normalizeEpcQuery = (epc: string): string => epc.replace(/\s+/g, '').toUpperCase();

export const createTrackingService = (db: Db) => {
  const repo = createTrackingRepository(db);

  /** A page of an item's readings (404 when the user sees no such item), each row as `toDto` answers it. */
  const pageOfItem = async <Row, Dto>(
    user: AuthUser,
    itemId: number,
    fetch: () => Promise<{ count: number; rows: Row[] }>,
    toDto: (row: Row) => Dto,
  ): Promise<{ count: number; results: Dto[] }> => {
    await foundOr(repo.itemById(user, itemId), 'tracking.item_not_found');
    const { count, rows } = await fetch();
    return { count, results: rows.map(toDto) };
  };

  return {
    /** The items of an EPC (hex), or of the GTIN and serial of a GS1 Digital Link URI. */
    async retrieve(user: AuthUser, epc: string): Promise<Item[]> {
      if (isDigitalLinkUri(epc)) {
        const { gtin, serial } = digitalLinkItem(epc);
        return (await repo.itemsByGtinSerial(user, gtin, serial)).map(toItemDto);
      }
      return (await repo.itemsByEpc(user, normalizeEpcQuery(epc))).map(toItemDto);
    },

    async listItems(user: AuthUser, query: ItemListQuery, page: PageParams) {
      const normalized = query.epc === undefined ? query : { ...query, epc: normalizeEpcQuery(query.epc) };
      const { count, rows } = await repo.listItems(user, normalized, page, await companyTimeZone(db, user));
      return { count, results: rows.map(toItemDto) };
    },

    async item(user: AuthUser, id: number): Promise<Item> {
      const row = await foundOr(repo.itemById(user, id), 'tracking.item_not_found');
      return toItemDto(row);
    },

    async readings(user: AuthUser, itemId: number, page: PageParams): Promise<{ count: number; results: EpcReading[] }> {
      return pageOfItem(user, itemId, () => repo.readingsOfItem(user, itemId, page), toReadingDto);
    },

    async readingGroups(
      user: AuthUser,
      itemId: number,
      page: PageParams,
    ): Promise<{ count: number; results: EpcReadingGroup[] }> {
      return pageOfItem(user, itemId, () => repo.readingSetsOfItem(user, itemId, page), toReadingGroupDto);
    },

    async freeSets(user: AuthUser, locationId: number, query: FreeReadingSetListQuery, page: PageParams) {
      const { timeZone } = await requireLocation(db, user, locationId);
      const { count, rows } = await repo.freeSetsOfLocation(locationId, query, page, timeZone);
      return { count, results: rows.map(toFreeSetDto) };
    },

    async setDetail(user: AuthUser, id: string): Promise<FreeReadingSetDetail> {
      const row = await foundOr(repo.setById(user, id), 'tracking.set_not_found');
      const lines = await repo.setLines(id);
      return {
        ...toFreeSetDto(row),
        unknown_count: lines.filter((l) => l.gtin === null).reduce((sum, l) => sum + Number(l.quantity), 0),
        lines: lines.map((l) => ({
          gtin: l.gtin,
          item_type: l.itemTypeId,
          description: l.description,
          model: l.model,
          colour: l.colour,
          size: l.size,
          quantity: Number(l.quantity),
        })),
      };
    },

    async setEpcs(user: AuthUser, id: string, query: PagingQuery, page: PageParams) {
      await foundOr(repo.setById(user, id), 'tracking.set_not_found');
      const { count, rows } = await repo.setEpcs(id, query, page);
      const results: ReadingSetEpc[] = rows.map((r) => ({
        epc: r.epc,
        gtin: r.gtin,
        description: r.description,
        item: r.item,
        reads: Number(r.reads),
        first_read: r.firstRead ? new Date(r.firstRead).toISOString() : '',
      }));
      return { count: Number(count), results };
    },
  };
};
