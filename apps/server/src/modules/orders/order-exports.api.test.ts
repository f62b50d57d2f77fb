import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLinesOf, type TestApp } from '../../test/helpers.js';
import { createDemoPurchaseOrder, type InboundIds, openDemoApp, readSet } from './inbound-fixtures.js';

/** A workbook cell's date as ISO text (anything else as it is, so a wrong kind fails the comparison). */
const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * The order files a Spanish manager opens (issue 28): the order CSV in the user's language, the location's time (the
 * demo's CD-MAD is in Europe/Madrid), words for states, expected and read per box and GTIN; the same as xlsx; and the
 * print data's range read as days of the location.
 */
describe('order exports', () => {
  let t: TestApp;
  let ids: InboundIds;
  let editor: string;
  let g: string[];
  let mad: number;
  let order: { orderId: number; boxIds: number[] };
  let lateOrder: { orderId: number };

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: editor, ...headers } });

  beforeAll(async () => {
    let users: Record<string, string>;
    ({ t, ids, ...users } = await openDemoApp());
    editor = users.editor as string;
    g = ids.gtins.map((x) => x.gtin);
    mad = ids.locations['CD-MAD'] as number;
    order = await createDemoPurchaseOrder(t, editor, ids, {
      location: 'CD-MAD',
      code: 'PO-Ñandú',
      boxes: [{ codebar: 'CAJA-1', contents: [{ gtin: g[1] as string, quantity: 2 }] }],
    });
    // The box read 1 of its 2 units, at 12:00 UTC on a winter day: 13:00 in Madrid.
    await readSet(t.database.db, ids, { codebar: 'CAJA-1', gtins: [g[1] as string], at: new Date('2026-01-10T12:00:00Z') });
    // Arrived at 23:30 UTC on 10 January: 00:30 on 11 January in Madrid.
    lateOrder = await createDemoPurchaseOrder(t, editor, ids, {
      location: 'CD-MAD',
      code: 'PO-LATE',
      boxes: [{ codebar: 'LATE-1', contents: [{ gtin: g[2] as string, quantity: 1 }] }],
    });
    await readSet(t.database.db, ids, { codebar: 'LATE-1', gtins: [g[2] as string], at: new Date('2026-01-10T23:30:00Z') });
  });
  afterAll(async () => t.close());

  it('writes the order CSV for a Spanish manager: BOM, `;`, Spanish headers, state words, Madrid time, read vs expected', async () => {
    const r = await get(`/api/porders/${order.orderId}/csv/`, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(r.headers['content-disposition']).toContain(`pedido-${order.orderId}.csv`);
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLinesOf(r);
    expect(lines[0]).toBe(
      'Id pedido;Código de pedido;Proveedor;Caja;Estado de la caja;Hora de lectura;GTIN;Descripción;Esperadas;Leídas;Diferencia',
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]?.split(';') ?? [];
    expect(cells[1]).toBe('"PO-Ñandú"');
    expect(cells[3]).toBe('"CAJA-1"');
    expect(cells[4]).toBe('"Verificada con errores"');
    expect(cells[5]).toBe('"10/01/2026 13:00"');
    expect(cells[6]).toBe(`"${g[1]}"`);
    expect(cells.slice(8)).toEqual(['2', '1', '-1']);
  });

  it('writes English with `,` for an English user, and `lang` overrides the header', async () => {
    const en = await get(`/api/porders/${order.orderId}/csv/`, { 'accept-language': 'en' });
    const lines = csvLinesOf(en);
    expect(lines[0]).toBe('Order id,Order code,Provider,Box,Box status,Reading time,GTIN,Description,Expected,Read,Difference');
    expect(lines[1]).toContain('"Checked with errors","2026-01-10 13:00"');
    const es = await get(`/api/porders/${order.orderId}/csv/?lang=es`, { 'accept-language': 'en' });
    expect(es.body).toContain('Id pedido;');
    expect((await get(`/api/porders/${order.orderId}/csv/?format=pdf`)).statusCode).toBe(400);
  });

  it('a Spanish order CSV opened by a spreadsheet library splits into its columns with its accents intact', async () => {
    const r = await get(`/api/porders/${order.orderId}/csv/`, { 'accept-language': 'es' });
    const workbook = new ExcelJS.Workbook();
    // As a spreadsheet opens it: the BOM marks UTF-8, `;` separates the cells.
    const text = r.rawPayload.toString('utf8').replace(/^\uFEFF/, '');
    const sheet = await workbook.csv.read(Readable.from([text]), { parserOptions: { delimiter: ';' } });
    expect(sheet.getRow(1).getCell(2).text).toBe('Código de pedido');
    expect(sheet.getRow(1).getCell(8).text).toBe('Descripción');
    expect(sheet.getRow(2).getCell(2).text).toBe('PO-Ñandú');
    expect(sheet.getRow(2).getCell(5).text).toBe('Verificada con errores');
    expect(sheet.actualColumnCount).toBe(11);
  });

  it('writes the same order as xlsx: Spanish headers, words, the Madrid time as a date and numbers as numbers', async () => {
    const r = await get(`/api/porders/${order.orderId}/csv/?format=xlsx`, { 'accept-language': 'es' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toContain(`pedido-${order.orderId}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(r.rawPayload as unknown as ArrayBuffer); // ExcelJS' typing predates Node's generic Buffer
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(5).value).toBe('Estado de la caja');
    const row = sheet?.getRow(2);
    expect(row?.getCell(2).value).toBe('PO-Ñandú');
    expect(row?.getCell(5).value).toBe('Verificada con errores');
    expect(isoOf(row?.getCell(6).value)).toBe('2026-01-10T13:00:00.000Z');
    expect([row?.getCell(9).value, row?.getCell(10).value, row?.getCell(11).value]).toEqual([2, 1, -1]);
  });

  it('finds the print data of a one-day range: the whole day of the location, not of UTC', async () => {
    const day = async (from: string, to: string) => {
      const r = await get(`/api/porderscsv/?location_id=${mad}&date_time_from=${from}&date_time_to=${to}&lang=en`);
      expect(r.statusCode).toBe(200);
      return r.body;
    };
    const tenth = await day('2026-01-10', '2026-01-10');
    expect(tenth).toContain('PO-Ñandú');
    expect(tenth).toContain('"2026-01-10 13:00"');
    // 23:30 UTC on the 10th is the 11th in Madrid.
    expect(tenth).not.toContain('PO-LATE');
    expect(await day('2026-01-11', '2026-01-11')).toContain('PO-LATE');
    expect(lateOrder.orderId).toBeGreaterThan(order.orderId);
  });
});
