import type { StockRow } from '@rfid/contract';
import { useCallback, useMemo, useState } from 'react';

/**
 * A GTIN chosen on the stock page for printing: the records the 4-step print wizard starts from
 * (spec: "records with editable quantity"); `quantity` is the current stock, at least 1.
 */
export type StockPrintRecord = { item_type: number; gtin: string; description: string; quantity: number };

export const toPrintRecord = (row: StockRow): StockPrintRecord => ({
  item_type: row.itemtype.id,
  gtin: row.gtin,
  description: row.description,
  quantity: Math.max(1, row.count),
});

/**
 * The rows ticked on the stock page, kept across pages and refreshes (by item type id). The
 * print action reads `records`; `clear` empties it (after printing).
 */
export const useStockSelection = () => {
  const [selected, setSelected] = useState<ReadonlyMap<number, StockPrintRecord>>(new Map());
  const toggle = useCallback((row: StockRow, isOn: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      if (isOn) next.set(row.itemtype.id, toPrintRecord(row));
      else next.delete(row.itemtype.id);
      return next;
    });
  }, []);
  const toggleMany = useCallback((rows: StockRow[], isOn: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (isOn) next.set(row.itemtype.id, toPrintRecord(row));
        else next.delete(row.itemtype.id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Map()), []);
  const records = useMemo(() => [...selected.values()], [selected]);
  return {
    records,
    count: selected.size,
    isSelected: (itemTypeId: number) => selected.has(itemTypeId),
    toggle,
    toggleMany,
    clear,
  };
};
