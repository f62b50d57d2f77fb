import { PassThrough, type Writable } from 'node:stream';
import { type ExportFormat, type ExportLanguage, formatDateTimeIn, zoneOffsetMs } from '@rfid/contract';
import ExcelJS from 'exceljs';
import { type CsvDialect, csvStringifier, csvText } from '../../http/csv.js';

/**
 * The server's one export for people (issue 28, docs/exports.md): a table declared once (columns with a header per
 * language and a kind of value) and written as a CSV or as an Excel workbook, in the user's language and the
 * location's time zone. Spanish CSV: `;` between cells and a decimal comma; English: `,` and a decimal point; both
 * with a UTF-8 byte-order mark. A workbook holds real numbers and dates (what a spreadsheet sorts and sums).
 */

/** A text in each language of the exports. */
export type Words = Readonly<Record<ExportLanguage, string>>;

type Maybe<T> = T | null | undefined;

/**
 * A column: its header in each language and the kind of its value.
 * - text: as it is (a CSV cell is quoted and made inert against formulas);
 * - number: a spreadsheet number (a decimal comma in Spanish CSV);
 * - datetime: an instant (Date or ISO text), written as the wall-clock time of the location's zone;
 * - date: a calendar day (YYYY-MM-DD, or a Date read as its UTC day), no zone;
 * - state: a code (a status number, an enum text) written as its words.
 */
export type ExportColumn<R> = { header: Words; width?: number } & (
  | { kind: 'text'; value: (row: R) => Maybe<string | number> }
  | { kind: 'number'; value: (row: R) => Maybe<number> }
  | { kind: 'datetime'; value: (row: R) => Maybe<Date | string> }
  | { kind: 'date'; value: (row: R) => Maybe<Date | string> }
  | { kind: 'state'; states: Readonly<Record<string, Words>>; value: (row: R) => Maybe<string | number> }
);

/** A table of rows of type R. */
export type ExportTable<R> = { sheet: Words; columns: readonly ExportColumn<R>[] };

/** How one file is written: its format, language and the time zone of its times. */
export type ExportOptions = { format: ExportFormat; language: ExportLanguage; timeZone: string };

/** A cell as both writers read it. */
export type ExportCell =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'datetime'; value: Date }
  | { kind: 'date'; value: string }
  | null;

const DAY = /^\d{4}-\d{2}-\d{2}/;
const BOM = '\uFEFF';

const dayText = (value: Date | string): string | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return DAY.exec(value)?.[0] ?? null;
};

const instant = (value: Date | string): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The cell of `row` in `column`, in `language`. */
export const exportCell = <R>(column: ExportColumn<R>, row: R, language: ExportLanguage): ExportCell => {
  switch (column.kind) {
    case 'text': {
      const value = column.value(row);
      return value === null || value === undefined ? null : { kind: 'text', value: String(value) };
    }
    case 'number': {
      const value = column.value(row);
      return typeof value === 'number' && Number.isFinite(value) ? { kind: 'number', value } : null;
    }
    case 'datetime': {
      const value = column.value(row);
      const at = value === null || value === undefined || value === '' ? null : instant(value);
      return at ? { kind: 'datetime', value: at } : null;
    }
    case 'date': {
      const value = column.value(row);
      const day = value === null || value === undefined ? null : dayText(value);
      return day ? { kind: 'date', value: day } : null;
    }
    case 'state': {
      const value = column.value(row);
      if (value === null || value === undefined) return null;
      // A code without words (a new state) is written as it is rather than lost.
      return { kind: 'text', value: column.states[String(value)]?.[language] ?? String(value) };
    }
  }
};

/** 'YYYY-MM-DD' as the language writes a day: 29/11/2026 in Spanish, 2026-11-29 in English (what Excel reads as a date). */
const dayIn = (day: string, language: ExportLanguage): string =>
  language === 'es' ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : day;

/** An instant as the language writes it in `timeZone`: 29/11/2026 14:41 (es), 2026-11-29 14:41 (en); 24-hour clock. */
export const formatExportDateTime = (at: Date, { language, timeZone }: Omit<ExportOptions, 'format'>): string => {
  const local = formatDateTimeIn(at, timeZone); // 'YYYY-MM-DD HH:mm:ss'
  return `${dayIn(local.slice(0, 10), language)} ${local.slice(11, 16)}`;
};

/** A row's cells as the CSV writer takes them (numbers as numbers: the dialect writes their decimal mark). */
const csvCells = <R>(table: ExportTable<R>, row: R, options: Omit<ExportOptions, 'format'>): unknown[] =>
  table.columns.map((column) => {
    const cell = exportCell(column, row, options.language);
    if (cell === null) return null;
    if (cell.kind === 'datetime') return formatExportDateTime(cell.value, options);
    if (cell.kind === 'date') return dayIn(cell.value, options.language);
    return cell.value;
  });

const headersOf = <R>(table: ExportTable<R>, language: ExportLanguage): string[] => table.columns.map((c) => c.header[language]);

const dialectOf = (language: ExportLanguage): CsvDialect => (language === 'es' ? 'es' : 'en');

/** The whole table as CSV text (BOM first): for a file made at once (a job's stored file, a test). */
export const exportCsvText = <R>(table: ExportTable<R>, rows: Iterable<R>, options: Omit<ExportOptions, 'format'>): string => {
  const text = csvText(
    Array.from(rows, (row) => csvCells(table, row, options)),
    { columns: headersOf(table, options.language), dialect: dialectOf(options.language) },
  );
  // csv-stringify writes its BOM with the first record: a file of the header alone needs it too.
  return text.startsWith(BOM) ? text : `${BOM}${text}`;
};

/** Rows as CSV text without the header row and the BOM: the next part of a file written in parts (exportCsvText first). */
export const csvRowsText = <R>(table: ExportTable<R>, rows: Iterable<R>, options: Omit<ExportOptions, 'format'>): string =>
  csvText(
    Array.from(rows, (row) => csvCells(table, row, options)),
    { dialect: dialectOf(options.language) },
  ).replace(BOM, '');

/** A wall-clock time of `timeZone` as the Date a workbook stores (workbooks have no zones: their times read as UTC). */
const wallClock = (at: Date, timeZone: string): Date => new Date(at.getTime() + zoneOffsetMs(at.getTime(), timeZone));

const NUMBER_FORMATS: Record<ExportLanguage, { datetime: string; date: string }> = {
  es: { datetime: 'dd/mm/yyyy hh:mm', date: 'dd/mm/yyyy' },
  en: { datetime: 'yyyy-mm-dd hh:mm', date: 'yyyy-mm-dd' },
};

const xlsxValue = (cell: ExportCell, timeZone: string): ExcelJS.CellValue => {
  if (cell === null) return null;
  if (cell.kind === 'datetime') return wallClock(cell.value, timeZone);
  if (cell.kind === 'date') return new Date(`${cell.value}T00:00:00.000Z`);
  // A text stays a text (ExcelJS writes it as a string, never a formula).
  return cell.value;
};

/** The sheet's name: Excel allows 31 characters and none of \ / ? * [ ] : */
const sheetName = (name: string): string => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * Writes the table as an .xlsx workbook into `stream` (ExcelJS' streaming writer: each row is committed as it comes):
 * a bold, frozen header row with a filter, column widths, numbers and dates as real values.
 */
export const writeXlsx = async <R>(
  stream: Writable,
  table: ExportTable<R>,
  rows: Iterable<R> | AsyncIterable<readonly R[]>,
  options: Omit<ExportOptions, 'format'>,
): Promise<void> => {
  const { language, timeZone } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(table.sheet[language]), { views: [{ state: 'frozen', ySplit: 1 }] });
  const formats = NUMBER_FORMATS[language];
  sheet.columns = table.columns.map((column) => ({
    header: column.header[language],
    width: column.width ?? Math.max(10, Math.min(40, column.header[language].length + 4)),
    ...(column.kind === 'datetime' || column.kind === 'date' ? { style: { numFmt: formats[column.kind] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, table.columns.length) } };
  const add = (row: R) =>
    sheet.addRow(table.columns.map((column) => xlsxValue(exportCell(column, row, language), timeZone))).commit();
  if (Symbol.asyncIterator in rows) {
    for await (const chunk of rows) for (const row of chunk) add(row);
  } else {
    for (const row of rows) add(row);
  }
  sheet.commit();
  await workbook.commit();
};

/** The whole workbook as bytes (a test, a file made at once). */
export const exportXlsxBuffer = async <R>(
  table: ExportTable<R>,
  rows: Iterable<R>,
  options: Omit<ExportOptions, 'format'>,
): Promise<Buffer> => {
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  await writeXlsx(stream, table, rows, options);
  return Buffer.concat(parts);
};

/** Streams the table as CSV into a stringifier (back-pressure through 'drain'); for reply.ts. */
export const csvStream = <R>(table: ExportTable<R>, options: Omit<ExportOptions, 'format'>) => ({
  stringifier: csvStringifier(headersOf(table, options.language), dialectOf(options.language)),
  cells: (row: R) => csvCells(table, row, options),
});
