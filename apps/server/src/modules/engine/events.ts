import type { ItemState, ItemStatus } from '@rfid/contract';

/** An item state (the contract's ItemState values). */
export type ItemStateValue = (typeof ItemState)[keyof typeof ItemState];

/** Where an item is: its state, and its area and location (null: in none). */
export type ItemPlace = { state: ItemStateValue; areaId: number | null; locationId: number | null };

/** Why the ledger moved an item: the claim or operation that moved it. */
export const MoveReason = {
  Verification: 'verification',
  ProviderReturn: 'provider-return',
  SaleReturn: 'sale-return',
  PosSale: 'pos-sale',
  PosReturn: 'pos-return',
  /** An inventory's validation: an expected item not read is lost (UNKNOWN, in no area). */
  InventoryLost: 'inventory-lost',
  /** An inventory's validation: an item read but not expected is STOCKED in the area. */
  InventoryFound: 'inventory-found',
  /** A cabinet's snapshot (an inventory validated at once). */
  CabinetLost: 'cabinet-lost',
  CabinetFound: 'cabinet-found',
  /** A STOCKED item seen in another area of its store (issue 26): stockroom → sales floor is a replenishment. */
  Relocated: 'relocated',
  /** An exit alarm marked lost (issue 26): the item is UNKNOWN, in no area. */
  ExitLost: 'exit-lost',
} as const;
export type MoveReason = (typeof MoveReason)[keyof typeof MoveReason];

/** One item moved by the ledger (docs/design.md §8): given to the pipeline's commit hooks before its transaction commits. */
export type ItemMoveEvent = {
  itemId: number;
  epc: string;
  from: ItemPlace;
  to: ItemPlace;
  why: MoveReason;
  /** The reading set that moved it (a reader's, or the one recording a user's validation); null when none. */
  readingSetId: string | null;
  at: Date;
};

/**
 * Items a read saw where they already were (an inventory's reads: nothing moved). The ledger notes them so that the
 * transaction's commit hooks can tell of the observation (an EPCIS cycle count).
 */
export type ItemSighting = {
  itemId: number;
  epc: string;
  /** Where the reader is. */
  areaId: number;
  locationId: number;
  readingSetId: string;
  at: Date;
};

/** A label a printer printed, its tag encoded with its EPC (hex): the tag's life begins (EPCIS commissioning). */
export type TagCommission = { epc: string; printerId: number; at: Date };

/**
 * An item whose status changed (ItemStatus of the contract; issue 26): the ledger wrote its `item_status_changes` row;
 * the transaction's hooks tell of it (an EPCIS disposition, an availability row of the live stream).
 */
export type ItemStatusNote = {
  itemId: number;
  epc: string;
  companyId: number;
  /** Where the item is (null: nowhere). */
  locationId: number | null;
  areaId: number | null;
  /** Its state (a status counts in availability only while the item is STOCKED). */
  state: ItemStateValue;
  from: ItemStatus;
  to: ItemStatus;
  at: Date;
};

/** The columns of an item's status change as its rows hold them (smallints: the contract's ItemState and ItemStatus). */
type StatusChangeColumns = {
  epc: string;
  company_id: number;
  location_id: number | null;
  area_id: number | null;
  state: number;
  from_status: number;
};

/** The note of item `itemId`'s status change to `to` at `at`, from its columns. */
export const statusNoteOf = (itemId: number, row: StatusChangeColumns, to: ItemStatus, at: Date): ItemStatusNote => ({
  itemId,
  epc: row.epc,
  companyId: row.company_id,
  locationId: row.location_id,
  areaId: row.area_id,
  // The columns hold the contract's values only (every write goes through the ledger, or the seeders that use them).
  state: row.state as ItemStateValue,
  from: row.from_status as ItemStatus,
  to,
  at,
});

/** What an engine transaction did besides its moves (for the commit hooks of pipeline.ts). */
export type LedgerNotes = { sightings: ItemSighting[]; commissions: TagCommission[]; statusChanges: ItemStatusNote[] };

/** Notes with nothing in them: the start of every engine transaction. */
export const emptyLedgerNotes = (): LedgerNotes => ({ sightings: [], commissions: [], statusChanges: [] });
