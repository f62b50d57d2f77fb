import { INVENTORY_FILE_MAX_ROWS } from '@rfid/contract';
import { isValidGtin, toGtin14 } from '@rfid/epc';
import { parse } from 'csv-parse/sync';
import { type Message, type MessageArg, msg, toMessage } from '../../i18n/messages.js';

/**
 * The stock rules (docs/design.md §6, docs/design/stock.md), free of HTTP and SQL so they are
 * unit-tested alone; the repository computes the same figures in SQL.
 */

/** Stock of a GTIN in an area: the items STOCKED there plus the counted (non-RFID) quantity. */
export const stockOf = ({ rfid, counted }: { rfid: number; counted: number }): number => rfid + counted;

/** An alarm: the current stock is below the minimum stock (equal is not an alarm). */
export const isAlarm = ({ current, minimum }: { current: number; minimum: number | null | undefined }): boolean =>
  minimum !== null && minimum !== undefined && current < minimum;

/** The later of two moments (an alarm's date: minimum stock set, counted stock uploaded). */
export const laterOf = (a: Date, b: Date | null | undefined): Date => (b && b.getTime() > a.getTime() ? b : a);

/* ------------------------------------------------------------------ inventory file */

/** A GTIN-14 of the file, its total quantity and the first row it is on. */
export type InventoryLine = { gtin: string; quantity: number; row: number };
export type InventoryFileError = { row: number; message: MessageArg };
export type ParsedInventoryFile =
  | { ok: true; lines: InventoryLine[]; rows: number }
  | { ok: false; errors: InventoryFileError[] };

const GTIN_HEADERS = new Set(['gtin', 'ean', 'ean13', 'code', 'codigo', 'código', 'barcode', 'codebar', 'item_type__gtin']);
const QUANTITY_HEADERS = new Set(['quantity', 'qty', 'cantidad', 'count', 'stock', 'units', 'unidades']);
/** At most this many row errors are listed; the message names the first. */
const MAX_LISTED_ERRORS = 10;

/** The separator of the first line: the most frequent of ';', tab and ',' (a comma by default). */
export const delimiterOf = (text: string): string => {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = [';', '\t', ','].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  const best = counts.reduce((a, b) => (b.n > a.n ? b : a));
  return best.n > 0 ? best.d : ',';
};

/** A header cell as the readers of spreadsheet files compare it: trimmed, lower case, no BOM. */
export const headerCell = (cell: string): string =>
  cell
    .trim()
    .toLowerCase()
    .replace(/^\uFEFF/, '');

/** A spreadsheet's CSV row: its cells and its number as the spreadsheet shows it (the header is row 1). */
export type CsvRow = { cells: string[]; row: number };

/**
 * The rows of a CSV a spreadsheet wrote (the inventory file, the ERP's stock): separated by `,`, `;` or tabs (the first
 * line's most frequent), quoted or not, BOM or not; rows of empty cells only (a spreadsheet's trailing ";;") left out.
 * Or the row where the text stops being CSV.
 */
export const readCsvRows = (text: string): { ok: true; rows: CsvRow[] } | { ok: false; row: number } => {
  const clean = text.replace(/^\uFEFF/, '');
  try {
    // csv-parse's typing of `info: true` answers records without their info: this is its documented shape.
    const records = parse(clean, {
      info: true,
      delimiter: delimiterOf(clean),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return {
      ok: true,
      rows: records
        .map(({ record, info }) => ({ cells: record, row: info.lines }))
        .filter(({ cells }) => cells.some((cell) => cell !== '')),
    };
  } catch (error) {
    return { ok: false, row: (error as { lines?: number }).lines ?? 1 };
  }
};

/**
 * Reads an inventory file (counted stock of one area): a CSV with a `gtin` and a `quantity`
 * column (also ean/código and cantidad/qty…; other columns are ignored), separated by commas,
 * semicolons or tabs; without a header the first two columns are GTIN and quantity. Each GTIN
 * has 8, 12, 13 or 14 digits and a right check digit (stored as GTIN-14); each quantity is a
 * whole number ≥ 0; a GTIN on several rows adds up. Rows are numbered as a spreadsheet shows them
 * (the header is row 1). Any bad row refuses the whole file.
 */
export const parseInventoryFile = (text: string): ParsedInventoryFile => {
  const read = readCsvRows(text);
  if (!read.ok) return { ok: false, errors: [{ row: read.row, message: 'stock.file_not_csv' }] };
  const numbered = read.rows;
  if (numbered.length === 0) return { ok: false, errors: [{ row: 1, message: 'stock.file_no_rows' }] };

  const first = numbered[0]?.cells.map(headerCell) ?? [];
  const hasHeader = !/^\d+$/.test(first[0] ?? '');
  let gtinColumn = 0;
  let quantityColumn = 1;
  if (hasHeader) {
    gtinColumn = first.findIndex((cell) => GTIN_HEADERS.has(cell));
    quantityColumn = first.findIndex((cell) => QUANTITY_HEADERS.has(cell));
    if (gtinColumn < 0 || quantityColumn < 0) {
      return { ok: false, errors: [{ row: 1, message: 'stock.file_header' }] };
    }
  }
  const body = hasHeader ? numbered.slice(1) : numbered;
  if (body.length === 0) return { ok: false, errors: [{ row: 2, message: 'stock.file_no_rows' }] };
  if (body.length > INVENTORY_FILE_MAX_ROWS) {
    return {
      ok: false,
      errors: [{ row: INVENTORY_FILE_MAX_ROWS + 2, message: msg('stock.file_max_rows', { max: INVENTORY_FILE_MAX_ROWS }) }],
    };
  }

  const totals = new Map<string, InventoryLine>();
  const errors: InventoryFileError[] = [];
  for (const { cells, row } of body) {
    const gtin = (cells[gtinColumn] ?? '').replace(/\s/g, '');
    const quantityText = (cells[quantityColumn] ?? '').replace(/\s/g, '');
    if (!isValidGtin(gtin)) {
      errors.push({
        row,
        message: gtin === '' ? 'stock.file_gtin_missing' : msg('stock.file_gtin_invalid', { value: gtin.slice(0, 20) }),
      });
    } else if (!/^\d+$/.test(quantityText) || Number(quantityText) > 1_000_000_000) {
      errors.push({
        row,
        message:
          quantityText === ''
            ? 'stock.file_quantity_missing'
            : msg('stock.file_quantity_invalid', { value: quantityText.slice(0, 20) }),
      });
    } else {
      const key = toGtin14(gtin);
      const line = totals.get(key);
      if (line) line.quantity += Number(quantityText);
      else totals.set(key, { gtin: key, quantity: Number(quantityText), row });
    }
    if (errors.length >= MAX_LISTED_ERRORS) break;
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, lines: [...totals.values()], rows: body.length };
};

/** "Row 5: the quantity 'x' is not …" — the message a refused file answers with. */
export const rowMessage = ({ row, message }: InventoryFileError): Message =>
  msg('stock.file_row', { row, message: toMessage(message) });
