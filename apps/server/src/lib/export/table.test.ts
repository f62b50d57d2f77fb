import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BOX_STATUS_WORDS } from './states.js';
import { csvRowsText, type ExportTable, exportCsvText, exportXlsxBuffer, formatExportDateTime } from './table.js';

/** A workbook cell's date as ISO text (anything else as it is, so a wrong kind fails the comparison). */
const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

type Row = { code: string; status: number; at: string | null; day: string; units: number; value: number };

const TABLE: ExportTable<Row> = {
  sheet: { es: 'Pruebas', en: 'Tests' },
  columns: [
    { header: { es: 'Código', en: 'Code' }, kind: 'text', value: (r) => r.code },
    { header: { es: 'Estado', en: 'Status' }, kind: 'state', states: BOX_STATUS_WORDS, value: (r) => r.status },
    { header: { es: 'Hora de lectura', en: 'Reading time' }, kind: 'datetime', value: (r) => r.at },
    { header: { es: 'Día', en: 'Day' }, kind: 'date', value: (r) => r.day },
    { header: { es: 'Unidades', en: 'Units' }, kind: 'number', value: (r) => r.units },
    { header: { es: 'Valor', en: 'Value' }, kind: 'number', value: (r) => r.value },
  ],
};

// 13:41 UTC on a winter day is 14:41 in Madrid (UTC+1); 22:30 UTC on 31 July is 00:30 on 1 August there (UTC+2).
const ROWS: Row[] = [
  { code: 'Almacén Peñíscola', status: 1, at: '2026-11-29T13:41:00.000Z', day: '2026-11-29', units: -3, value: 12.5 },
  { code: '=1+1', status: 2, at: '2026-07-31T22:30:00.000Z', day: '2026-07-31', units: 4, value: 0.25 },
  { code: 'sin hora', status: 0, at: null, day: '2026-01-02', units: 0, value: 3 },
];
const MADRID = { timeZone: 'Europe/Madrid' };

/** The CSV bytes opened as a Spanish spreadsheet opens them: UTF-8 (the BOM says so), cells split on `;`. */
const openCsv = async (bytes: Buffer, delimiter: string): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  // A spreadsheet takes the BOM as the encoding's mark, not as text of the first cell.
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const sheet = await workbook.csv.read(Readable.from([text]), { parserOptions: { delimiter } });
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: TABLE.columns.length }, (_, i) => String(row.getCell(i + 1).text)));
  });
  return rows;
};

/** The CSV of ROWS in `language` (Madrid times), which must start with a BOM, as its lines. */
const csvLines = (language: 'es' | 'en'): string[] => {
  const text = exportCsvText(TABLE, ROWS, { language, ...MADRID });
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).trimEnd().split('\n');
};

describe('the export table (lib/export)', () => {
  it('writes a Spanish CSV: BOM, `;`, Spanish headers, state words, Madrid wall-clock times, decimal commas', () => {
    const lines = csvLines('es');
    expect(lines[0]).toBe('Código;Estado;Hora de lectura;Día;Unidades;Valor');
    expect(lines[1]).toBe('"Almacén Peñíscola";"Verificada con errores";"29/11/2026 14:41";"29/11/2026";-3;12,5');
    // A formula is made inert; the summer day after midnight in Madrid is the next day.
    expect(lines[2]).toBe(`"'=1+1";"Verificada sin errores";"01/08/2026 00:30";"31/07/2026";4;0,25`);
    expect(lines[3]).toBe('"sin hora";"Sin verificar";;"02/01/2026";0;3');
  });

  it('writes an English CSV: BOM, `,`, English headers and words, ISO days, decimal points', () => {
    const lines = csvLines('en');
    expect(lines[0]).toBe('Code,Status,Reading time,Day,Units,Value');
    expect(lines[1]).toBe('"Almacén Peñíscola","Checked with errors","2026-11-29 14:41","2026-11-29",-3,12.5');
  });

  it('writes the time of the zone it is given', () => {
    const at = new Date('2026-11-29T13:41:00.000Z');
    expect(formatExportDateTime(at, { language: 'es', timeZone: 'America/New_York' })).toBe('29/11/2026 08:41');
    expect(formatExportDateTime(at, { language: 'en', timeZone: 'UTC' })).toBe('2026-11-29 13:41');
  });

  it('a Spanish CSV opened by a spreadsheet library splits into its columns with its accents intact', async () => {
    const bytes = Buffer.from(exportCsvText(TABLE, ROWS, { language: 'es', ...MADRID }), 'utf8');
    const rows = await openCsv(bytes, ';');
    expect(rows[0]).toEqual(['Código', 'Estado', 'Hora de lectura', 'Día', 'Unidades', 'Valor']);
    expect(rows[1]?.[0]).toBe('Almacén Peñíscola');
    expect(rows[1]?.[1]).toBe('Verificada con errores');
    expect(rows[1]?.[5]).toBe('12,5');
    expect(rows).toHaveLength(4);
  });

  it('writes the same table as a workbook: headers, words, numbers and Madrid times as real values', async () => {
    const buffer = await exportXlsxBuffer(TABLE, ROWS, { language: 'es', ...MADRID });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer); // ExcelJS' typing predates Node's generic Buffer
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Pruebas');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Código', 'Estado', 'Hora de lectura', 'Día', 'Unidades', 'Valor']);
    const first = sheet?.getRow(2);
    expect(first?.getCell(1).value).toBe('Almacén Peñíscola');
    expect(first?.getCell(2).value).toBe('Verificada con errores');
    // A workbook has no zones: the wall-clock time of Madrid is stored as it reads.
    expect(isoOf(first?.getCell(3).value)).toBe('2026-11-29T14:41:00.000Z');
    expect(first?.getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(isoOf(first?.getCell(4).value)).toBe('2026-11-29T00:00:00.000Z');
    expect(first?.getCell(5).value).toBe(-3);
    expect(first?.getCell(6).value).toBe(12.5);
    // A text that looks like a formula stays a text.
    expect(sheet?.getRow(3).getCell(1).value).toBe('=1+1');
    expect(sheet?.getRow(4).getCell(3).value).toBeNull();
  });
});

describe('a file written in parts (the inventory job)', () => {
  it('has one BOM and one header row, even when the first part has no rows', () => {
    const text =
      exportCsvText(TABLE, [], { language: 'es', ...MADRID }) +
      csvRowsText(TABLE, ROWS.slice(0, 1), { language: 'es', ...MADRID });
    expect(text.startsWith('\uFEFFCódigo;')).toBe(true);
    expect(text.match(/\uFEFF/g)).toHaveLength(1);
    expect(text.trimEnd().split('\n')).toHaveLength(2);
  });
});
