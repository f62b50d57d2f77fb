import {
  type ErpDifference,
  type ErpSnapshot,
  type ErpSnapshotDetail,
  type InventoryDifferenceRow,
  type InventoryDifferences,
  InventoryState,
} from '@rfid/contract';
import { personOrNull } from '../../http/person.js';
import type { DifferenceRow, ErpLocation, InventoryHead, InventoryLine, SnapshotRow, StoredRejected } from './erp.repository.js';
import { differenceOf } from './erp.rules.js';

/** A snapshot as the API answers it, its stores named from `places`. */
export const toSnapshot = (row: SnapshotRow, places: Map<number, ErpLocation>): ErpSnapshot => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  created_by: personOrNull(row.creatorId, row.creatorFirstName, row.creatorLastName, row.creatorEmail),
  source: row.source,
  file_name: row.fileName,
  rows: row.rowCount,
  rejected: row.rejectedCount,
  locations: row.locationIds.map((id) => places.get(id) ?? { id, code: '', description: '' }),
});

export const toSnapshotDetail = (
  row: SnapshotRow & { rejected: StoredRejected[] },
  places: Map<number, ErpLocation>,
): ErpSnapshotDetail => ({ ...toSnapshot(row, places), rejected_rows: row.rejected });

export const toDifference = (row: DifferenceRow): ErpDifference => ({
  location: { id: row.location_id, code: row.code, description: row.location_description },
  gtin: row.gtin,
  item_type: row.item_type,
  description: row.description,
  erp_quantity: row.erp_quantity,
  rfid_quantity: row.rfid_quantity,
  difference: differenceOf({ erp: row.erp_quantity, rfid: row.rfid_quantity }),
  erp_imported_at: row.imported_at?.toISOString() ?? null,
});

/** The CSV columns of the differences, in order, and a row's cells. */
export const DIFFERENCE_CSV_COLUMNS = [
  'store',
  'store_name',
  'gtin',
  'description',
  'erp_quantity',
  'rfid_quantity',
  'difference',
  'erp_imported_at',
];
export const differenceCells = (d: ErpDifference): unknown[] => [
  d.location.code,
  d.location.description,
  d.gtin,
  d.description ?? '',
  d.erp_quantity,
  d.rfid_quantity,
  d.difference,
  d.erp_imported_at ?? '',
];

/** An inventory's differences: per GTIN, counted − expected, approved once it is validated. */
export const toInventoryDifferences = (
  head: InventoryHead,
  lines: InventoryLine[],
  { onlyDifferences }: { onlyDifferences: boolean },
): InventoryDifferences => {
  const approved = head.state === InventoryState.Validated;
  const rows: InventoryDifferenceRow[] = lines
    .map((l) => ({
      gtin: l.gtin,
      item_type: l.item_type,
      description: l.description,
      expected: l.expected,
      counted: l.read,
      difference: l.read - l.expected,
      approved,
    }))
    .filter((r) => !onlyDifferences || r.difference !== 0);
  return {
    id: head.id,
    location: { id: head.location_id, code: head.code, description: head.location_description },
    area: { id: head.area_id, description: head.area_description },
    state: head.state,
    is_partial: head.is_partial,
    started_at: head.start_time.toISOString(),
    validated_at: approved && head.closed_at ? head.closed_at.toISOString() : null,
    rows,
  };
};

export const INVENTORY_CSV_COLUMNS = [
  'inventory',
  'store',
  'area',
  'validated_at',
  'gtin',
  'description',
  'expected',
  'counted',
  'difference',
  'approved',
];
export const inventoryCells = (inventory: InventoryDifferences): unknown[][] =>
  inventory.rows.map((r) => [
    inventory.id,
    inventory.location.code,
    inventory.area.description,
    inventory.validated_at ?? '',
    r.gtin,
    r.description,
    r.expected,
    r.counted,
    r.difference,
    r.approved,
  ]);

/** A feed cursor: the validation's time in µs since 1970 and the inventory's id. */
export const cursorOf = ({ us, id }: { us: number; id: number }): string => `${us}_${id}`;
export const parseCursor = (cursor: string): { us: number; id: number } => {
  const [us, id] = cursor.split('_');
  return { us: Number(us), id: Number(id) };
};
