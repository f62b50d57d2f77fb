import type { BoxAreaSeen, BoxStockRow, MinimumStock, StockAlarm, StockRow } from '@rfid/contract';
import { LiveTopic } from '@rfid/contract';
import type { ScopedArea } from '../admin/admin-scope.js';
import type { BoxSeenRecord, BoxStockRecord, MinimumStockRecord, StockRowRecord } from './stock.repository.js';
import { isAlarm, laterOf, stockOf } from './stock.rules.js';

export const toStockRow = (r: StockRowRecord): StockRow => {
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

export const areaRef = (r: { areaId: number; areaDescription: string; locationDescription: string }) => ({
  id: r.areaId,
  description: r.areaDescription,
  location_description: r.locationDescription,
});

export const toBoxStockRow = (r: BoxStockRecord): BoxStockRow => ({
  id: r.boxId,
  codebar: r.codebar,
  quantity: r.quantity,
  area: areaRef(r),
  location: r.locationId,
  date: r.date.toISOString(),
  order: r.orderId,
  pallet: r.pallet,
});

export const toMinimumStock = (r: MinimumStockRecord): MinimumStock => ({
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
export const alarmsChanged = (area: { id: number; locationId: number; companyId: number }) => ({
  companyId: area.companyId,
  locationId: area.locationId,
  topic: LiveTopic.Alarms,
  payload: { area: area.id },
});

export const toAlarm = (r: MinimumStockRecord): StockAlarm => ({
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

export const toSeen = (area: ScopedArea, r: BoxSeenRecord): BoxAreaSeen => ({
  box: r.boxId,
  area: { id: area.id, description: area.description, location_description: area.locationDescription },
  location: { id: area.locationId, description: area.locationDescription },
  barcode: r.codebar,
  pallet: r.pallet,
  cycles: r.cycles,
  detections: r.detections,
  date: r.date.toISOString(),
});

/** `gtin` and `gtin__icontains` are one filter: the digits the GTIN contains. */
export const gtinFilter = (q: { gtin?: string; gtin__icontains?: string }): string | undefined =>
  (q.gtin || q.gtin__icontains || '').replace(/\D/g, '') || undefined;
