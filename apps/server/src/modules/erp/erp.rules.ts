import { ERP_REJECTED_KEPT, ERP_SNAPSHOT_MAX_ROWS } from '@rfid/contract';
import { isValidGtin, toGtin14 } from '@rfid/epc';
import { type Message, msg, toMessage } from '../../i18n/messages.js';
import { headerCell, readCsvRows } from '../stock/stock.rules.js';

/**
 * ERP stock snapshots (issue 27, docs/integrations.md), free of HTTP and SQL: reading a CSV file into rows, and
 * checking each row (its store, GTIN and quantity) so that the good ones are imported and the bad ones kept with
 * their reason.
 */

/** A row as sent: its number (the file's line, or the JSON array's position from 1) and its three cells as text. */
export type RawErpRow = { row: number; store: string; gtin: string; quantity: string };
/** A refused row and why (a catalogue message, rendered in the reader's language). */
export type RejectedErpRow = RawErpRow & { reason: Message };
/** A store's GTIN as imported: quantities of the same store and GTIN on several rows add up. */
export type ErpStockLine = { locationId: number; gtin: string; quantity: number };

export type ParsedErpFile = { ok: true; rows: RawErpRow[] } | { ok: false; message: Message };

const STORE_HEADERS = new Set([
  'store',
  'tienda',
  'location',
  'ubicacion',
  'ubicación',
  'store_code',
  'location_code',
  'code',
  'codigo',
  'código',
]);
const GTIN_HEADERS = new Set(['gtin', 'ean', 'ean13', 'barcode', 'codebar', 'item_type__gtin']);
const QUANTITY_HEADERS = new Set(['quantity', 'qty', 'cantidad', 'stock', 'units', 'unidades']);
const INT4_MAX = 2_147_483_647;

/**
 * A CSV snapshot: `store`, `gtin` and `quantity` columns (or their Spanish names; other columns are ignored), separated
 * by `,`, `;` or tabs, quoted or not; without a header row the first three columns are store, GTIN and quantity. Rows
 * are numbered as a spreadsheet shows them (the header is row 1).
 */
export const parseErpCsv = (text: string): ParsedErpFile => {
  const read = readCsvRows(text);
  if (!read.ok) return { ok: false, message: msg('erp.file_not_csv', { row: read.row }) };
  const numbered = read.rows;
  if (numbered.length === 0) return { ok: false, message: toMessage('erp.file_no_rows') };
  const first = numbered[0]?.cells ?? [];
  const hasHeader = !/^\d+$/.test((first[1] ?? '').trim());
  let columns = { store: 0, gtin: 1, quantity: 2 };
  if (hasHeader) {
    const names = first.map(headerCell);
    columns = {
      store: names.findIndex((n) => STORE_HEADERS.has(n)),
      gtin: names.findIndex((n) => GTIN_HEADERS.has(n)),
      quantity: names.findIndex((n) => QUANTITY_HEADERS.has(n)),
    };
    if (columns.store < 0 || columns.gtin < 0 || columns.quantity < 0)
      return { ok: false, message: toMessage('erp.file_header') };
  }
  const body = hasHeader ? numbered.slice(1) : numbered;
  if (body.length === 0) return { ok: false, message: toMessage('erp.file_no_rows') };
  if (body.length > ERP_SNAPSHOT_MAX_ROWS)
    return { ok: false, message: msg('stock.file_max_rows', { max: ERP_SNAPSHOT_MAX_ROWS }) };
  return {
    ok: true,
    rows: body.map(({ cells, row }) => ({
      row,
      store: cells[columns.store] ?? '',
      gtin: cells[columns.gtin] ?? '',
      quantity: cells[columns.quantity] ?? '',
    })),
  };
};

/** Why a row cannot be imported, or its store, GTIN-14 and quantity. */
export const checkErpRow = (
  raw: RawErpRow,
  storeIdOf: (code: string) => number | undefined,
): { ok: true; line: ErpStockLine } | { ok: false; reason: Message } => {
  const store = raw.store.trim();
  const gtin = raw.gtin.replace(/\s/g, '');
  const quantity = raw.quantity.replace(/\s/g, '');
  if (store === '') return { ok: false, reason: toMessage('erp.store_missing') };
  const locationId = storeIdOf(store);
  if (locationId === undefined) return { ok: false, reason: msg('erp.store_unknown', { value: store.slice(0, 40) }) };
  if (gtin === '') return { ok: false, reason: toMessage('stock.file_gtin_missing') };
  if (!isValidGtin(gtin)) return { ok: false, reason: msg('stock.file_gtin_invalid', { value: gtin.slice(0, 20) }) };
  if (quantity === '') return { ok: false, reason: toMessage('stock.file_quantity_missing') };
  if (!/^-?\d+$/.test(quantity) || Math.abs(Number(quantity)) > INT4_MAX) {
    return { ok: false, reason: msg('erp.quantity_invalid', { value: quantity.slice(0, 20) }) };
  }
  return { ok: true, line: { locationId, gtin: toGtin14(gtin), quantity: Number(quantity) } };
};

export type CheckedSnapshot = {
  lines: ErpStockLine[];
  /** The refused rows kept (at most ERP_REJECTED_KEPT) and how many were refused in all. */
  rejected: RejectedErpRow[];
  rejectedCount: number;
  /** The rows taken (before adding up repeated store and GTIN). */
  accepted: number;
  locationIds: number[];
};

/**
 * Checks every row: the good ones become one line per store and GTIN (repeated ones add up), the bad ones are kept with
 * their reason. A store is a location's `code` the user sees (`storeIdOf`; another company's or location's is unknown).
 */
export const checkErpRows = (rows: RawErpRow[], storeIdOf: (code: string) => number | undefined): CheckedSnapshot => {
  const lines = new Map<string, ErpStockLine>();
  const rejected: RejectedErpRow[] = [];
  let rejectedCount = 0;
  let accepted = 0;
  for (const raw of rows) {
    const checked = checkErpRow(raw, storeIdOf);
    if (!checked.ok) {
      rejectedCount += 1;
      if (rejected.length < ERP_REJECTED_KEPT) rejected.push({ ...raw, reason: checked.reason });
      continue;
    }
    accepted += 1;
    const key = `${checked.line.locationId}:${checked.line.gtin}`;
    const line = lines.get(key);
    if (line) line.quantity += checked.line.quantity;
    else lines.set(key, { ...checked.line });
  }
  const all = [...lines.values()];
  return {
    lines: all,
    rejected,
    rejectedCount,
    accepted,
    locationIds: [...new Set(all.map((l) => l.locationId))].sort((a, b) => a - b),
  };
};

/** The JSON body's rows as raw rows (numbered from 1 in the array's order). */
export const jsonRows = (rows: { store: string; gtin: string; quantity: number | string }[]): RawErpRow[] =>
  rows.map((r, i) => ({ row: i + 1, store: r.store, gtin: r.gtin, quantity: String(r.quantity) }));

/** RFID − ERP: positive when the tags show more than the ERP says. */
export const differenceOf = ({ erp, rfid }: { erp: number; rfid: number }): number => rfid - erp;
