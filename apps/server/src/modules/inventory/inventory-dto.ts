import type { Inventory, InventorySummaryRow, InventoryTag, InventoryUser } from '@rfid/contract';
import { InventoryState } from '@rfid/contract';
import type { ItemTypeRow } from '../catalog/catalog.repository.js';
import type { InventoryRow } from './inventory.repository.js';
import { accuracyOf, excessOf, missingOf, progressOf } from './inventory.rules.js';
import type { SummaryRow, TagKind, TagRow } from './inventory-reports.repository.js';

/** The answers of the inventory use cases (use-cases/*.ts), built from the repositories' rows. */

/** Who opened or closed an inventory. */
export type InventoryPerson = { id: number; firstName: string; lastName: string; email: string };

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const toInventoryDto = (
  r: InventoryRow,
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

export const toSummaryDto = (r: SummaryRow): InventorySummaryRow => {
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

export const toTagDto = (r: TagRow, kind: TagKind): InventoryTag => ({
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

/** Who opened the inventory and who validated or canceled it (when it is closed), with the dates. */
export const toInventoryUsers = (row: InventoryRow, people: InventoryPerson[]): InventoryUser[] => {
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
export const emptyLine = (type: ItemTypeRow): SummaryRow => ({
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
