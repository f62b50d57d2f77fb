/** An item (EPC) row as the repositories select it: the item, its GTIN and serial, its item type's description, size and colour. */
export type EpcLineRow = {
  id: number;
  epc: string;
  gtin: string | null;
  itemTypeId: number | null;
  description: string | null;
  size: string | null;
  colour: string | null;
  serial: string | null;
};

/** The contract's EPC line (`epcLineFields`): the tag, its GTIN and `lot` (the EPC's serial), quantity 1 or 0. */
export type EpcLine = {
  id: number;
  epc: string;
  gtin: string | null;
  item_type: number | null;
  description: string | null;
  size: string | null;
  colour: string | null;
  lot: string | null;
  quantity: number;
};

/** One item row as an EPC line of a report or list (POS items, items in stock, a verification's items). */
export const toEpcLine = (r: EpcLineRow, quantity: number): EpcLine => ({
  id: r.id,
  epc: r.epc,
  gtin: r.gtin,
  item_type: r.itemTypeId,
  description: r.description,
  size: r.size,
  colour: r.colour,
  lot: r.serial,
  quantity,
});
