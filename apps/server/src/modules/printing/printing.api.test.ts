import { decodeEpc } from '@rfid/epc';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationIdByCode } from '../../test/admin-fixtures.js';
import { csvLinesOf } from '../../test/helpers.js';
import { multipartForm, type PrintLabelView, sgtin96Hex } from '../../test/printing-fixtures.js';
import { type ForeignPrintingWorld, openForeignPrintingWorld } from './print-job-fixtures.js';

const MISSING = 'The order could not be created. One of the items does not exist.';

type Format = { id: number; tag_type: { id: number; reference: string }; tag_format: { id: number; description: string } };
type Order = {
  id: number;
  name: string;
  state: string;
  total_quantity: number;
  from_label: number;
  progress: number;
  canceled: boolean;
  contents_count: number;
  location: { id: number; description: string }[];
  source: string;
  tag_company_format: Format;
};
type Tag = PrintLabelView;

describe('printing API: tag types and formats, print orders, contents, labels, print log', () => {
  let w: ForeignPrintingWorld;
  let hang: Format;
  let gtins: string[];
  let printerId: number;
  let bcn: number;
  let tbcn: number;

  const create = (who: string, body: Record<string, unknown>) => w.call('POST', '/api/printer/print_orders/', who, body);

  beforeAll(async () => {
    w = await openForeignPrintingWorld();
    const formats = (await w.call('GET', '/api/printer/tag_company_format/', 'admin@demo.local')).json().results as Format[];
    hang = formats.find((f) => f.tag_format.description.startsWith('Etiqueta colgante')) as Format;
    const types = (await w.call('GET', '/api/types/?limit=8&order_by=gtin', 'admin@demo.local')).json().results as {
      gtin: string;
    }[];
    gtins = types.map((r) => r.gtin);
    printerId = (await w.call('GET', '/api/printer/printers/', 'admin@demo.local')).json().results[0].id;
    bcn = await locationIdByCode(w.t.database.db, 'CD-BCN');
    tbcn = await locationIdByCode(w.t.database.db, 'T-BCN-01');
  });
  afterAll(async () => w.t.close());

  it('lists the tag types, the formats, the company formats of a tag type (10 by default) and the company', async () => {
    const types = (await w.call('GET', '/api/tag_types/', 'printer@demo.local')).json();
    expect(types.count).toBe(2);
    expect(types.results[0]).toEqual({ id: expect.any(Number), reference: expect.any(String), epc_bits: 96 });
    const used = (await w.call('GET', '/api/printer/tag_types/?company_formats=true', 'printer@demo.local')).json();
    expect(used.count).toBe(2);
    const formats = (await w.call('GET', '/api/tagformat/', 'printer@demo.local')).json();
    expect(formats.results.map((f: { description: string }) => f.description).sort()).toEqual([
      'Adhesivo 2×1 pulgadas',
      'Etiqueta colgante 2×3 pulgadas',
    ]);
    expect(formats.results[0]).not.toHaveProperty('zpl_template');
    const ofType = (await w.call('GET', `/api/tag_company_format/?tag_type=${hang.tag_type.id}`, 'printer@demo.local')).json();
    expect(ofType.count).toBe(2);
    expect(ofType.next).toBeNull();
    expect(ofType.results.every((f: Format) => f.tag_type.id === hang.tag_type.id)).toBe(true);
    expect((await w.call('GET', '/api/printer/company/', 'printer@demo.local')).json().results).toEqual([
      { id: expect.any(Number), name: 'Moda Iberia S.L.' },
    ]);
    expect((await w.call('GET', '/api/company/admin_company/', 'admin@demo.local')).json().count).toBe(1);
    // Role 5 has no printer menu.
    expect((await w.call('GET', '/api/tag_types/', 'viewer@demo.local')).statusCode).toBe(403);
  });

  it('adds tag types (role 1), ZPL formats that write the EPC (role 1) and company pairs (roles ≤ 2)', async () => {
    expect((await w.call('POST', '/api/tag_types/', 'brand@demo.local', { reference: 'X' })).statusCode).toBe(403);
    const type = await w.call('POST', '/api/tag_types/', 'admin@demo.local', { reference: 'Inlay lavandería 96' });
    expect(type.statusCode).toBe(201);
    expect((await w.call('POST', '/api/tag_types/', 'admin@demo.local', {})).json().errors).toEqual({
      reference: ['Please enter the reference'],
    });
    const noWrite = await w.call('POST', '/api/tagformat/', 'admin@demo.local', {
      description: 'Sin RFID',
      zpl_template: '^XA^FO10,10^FD{{gtin}}^FS^XZ',
    });
    expect(noWrite.statusCode).toBe(400);
    expect(noWrite.json().errors.zpl_template).toEqual(['The template must write the EPC: ^RFW,H^FD{{epc}}^FS.']);
    const format = await w.call('POST', '/api/tagformat/', 'admin@demo.local', {
      description: 'Lavandería',
      zpl_template: '^XA^RS8^RFW,H,2,12,1^FD{{epc}}^FS^FO10,10^FD{{gtin}}^FS^XZ',
    });
    expect(format.statusCode).toBe(201);
    expect((await w.call('GET', `/api/tagformat/${format.json().id}/`, 'brand@demo.local')).json().zpl_template).toContain(
      '^RFW',
    );
    expect((await w.call('GET', `/api/tagformat/${format.json().id}/`, 'printer@demo.local')).statusCode).toBe(403);
    const pair = { tag_type: type.json().id, tag_format: format.json().id };
    expect((await w.call('POST', '/api/printer/tag_company_format/', 'printer@demo.local', pair)).statusCode).toBe(403);
    const added = await w.call('POST', '/api/printer/tag_company_format/', 'brand@demo.local', pair);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      tag_type: { reference: 'Inlay lavandería 96' },
      tag_format: { description: 'Lavandería' },
    });
    const again = await w.call('POST', '/api/printer/tag_company_format/', 'brand@demo.local', pair);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(added.json().id);
    expect(
      (
        await w.call('POST', '/api/printer/tag_company_format/', 'brand@demo.local', {
          tag_type: 99999,
          tag_format: pair.tag_format,
        })
      ).statusCode,
    ).toBe(404);
    expect((await w.call('POST', '/api/printer/tag_company_format/', 'brand@demo.local', {})).json().errors).toEqual({
      tag_type: ['Please select a tag type'],
      tag_format: ['Please select a tag format'],
    });
  });

  it('creates a manual order: the same GTIN twice is summed, every label gets its own SGTIN-96 EPC', async () => {
    const [a, b] = gtins as [string, string];
    const r = await create('printer@demo.local', {
      tag_company_format: hang.id,
      name: 'Prueba manual',
      items: [
        { gtin: a.replace(/^0/, ''), quantity: 2 },
        { gtin: b, quantity: '3' },
        { gtin: a, quantity: 1 },
      ],
    });
    expect(r.statusCode).toBe(201);
    const order = r.json() as Order;
    expect(order).toMatchObject({
      name: 'Prueba manual',
      state: 'PENDING',
      total_quantity: 6,
      from_label: 1,
      progress: 0,
      canceled: false,
      contents_count: 2,
      location: [],
      source: 'manual',
      tag_company_format: { id: hang.id, tag_type: { id: hang.tag_type.id }, tag_format: { id: hang.tag_format.id } },
    });
    const contents = (await w.call('GET', `/api/printer/print_orders/${order.id}/print_contents/`, 'printer@demo.local')).json();
    expect(contents.results.map((c: { gtin: string; quantity: number }) => [c.gtin, c.quantity])).toEqual([
      [a, 3],
      [b, 3],
    ]);
    const labels = (await w.call('GET', `/api/printer/print_orders/${order.id}/items/`, 'printer@demo.local')).json();
    expect(labels.count).toBe(6);
    const tags = labels.results as Tag[];
    expect(tags.map((tag) => tag.label_number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(tags.map((tag) => tag.item.epc)).size).toBe(6);
    for (const tag of tags) {
      // Written out by hand (partition 5, filter 1) and decoded by the codec: both agree with GTIN and serial.
      expect(tag.item.epc).toBe(sgtin96Hex(tag.gtin, Number(tag.item.serial_number)));
      expect(decodeEpc(tag.item.epc)).toMatchObject({
        scheme: 'sgtin-96',
        gtin: tag.gtin,
        serial: tag.item.serial_number,
        filter: 1,
      });
      expect(tag.printed_at).toBeNull();
    }
  });

  it('refuses a GTIN that does not exist with the spec message and flags its row', async () => {
    const r = await create('admin@demo.local', {
      tag_company_format: hang.id,
      items: [
        { gtin: gtins[0], quantity: 1 },
        { gtin: '08437012999993', quantity: 1 },
      ],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      message: MISSING,
      code: 'print.missing_gtin',
      errors: { 'items.1.gtin': ['GTIN 08437012999993 does not exist.'] },
    });
  });

  it('validates the order: a format, at least one row, GTIN digits, quantities 1 to 100,000', async () => {
    const empty = await create('admin@demo.local', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ tag_company_format: ['Please select a tag format'] });
    const bad = await create('admin@demo.local', {
      tag_company_format: hang.id,
      items: [
        { gtin: '12ab', quantity: 1 },
        { gtin: gtins[0], quantity: 0 },
      ],
    });
    expect(bad.json().errors).toEqual({
      'items.0.gtin': ['A GTIN has 8, 12, 13 or 14 digits.'],
      'items.1.quantity': ['The quantity must be at least 1.'],
    });
    expect((await create('admin@demo.local', { tag_company_format: hang.id, items: [] })).json().errors).toEqual({
      items: ['Add at least one GTIN.'],
    });
  });

  it('refuses role 5 (create, print, cancel) and answers 404 for foreign formats, locations, brands and printers', async () => {
    const body = { tag_company_format: hang.id, items: [{ gtin: gtins[0], quantity: 1 }] };
    expect((await create('viewer@demo.local', body)).statusCode).toBe(403);
    expect((await w.call('GET', '/api/printer/print_orders/', 'viewer@demo.local')).statusCode).toBe(403);
    const order = (await create('printer@demo.local', body)).json() as Order;
    expect(
      (await w.call('POST', '/api/printer/print/', 'viewer@demo.local', { print_order: order.id, printer: printerId }))
        .statusCode,
    ).toBe(403);
    expect(
      (await w.call('PUT', `/api/printer/print_orders/${order.id}/`, 'viewer@demo.local', { canceled: true })).statusCode,
    ).toBe(403);
    // Another company's ids are not found.
    const foreignPrinter = await w.call('POST', '/api/printer/print/', 'admin@demo.local', {
      print_order: order.id,
      printer: w.foreign.printerId,
    });
    expect(foreignPrinter.statusCode).toBe(404);
    expect(foreignPrinter.json().message).toBe('Printer not found.');
    expect((await create('admin@demo.local', { ...body, locations: [w.foreign.locationId] })).statusCode).toBe(404);
    expect((await create('admin@demo.local', { ...body, brand: w.foreign.brandId })).statusCode).toBe(404);
    expect((await create('admin@demo.local', { ...body, tag_company_format: 99999 })).json().message).toBe(
      'Tag format not found.',
    );
    // A printer of a location the user is not assigned to: the printer operator sees the two centers only.
    expect((await create('printer@demo.local', { ...body, locations: [tbcn] })).statusCode).toBe(404);
  });

  it('scopes orders: one for a store is seen by its editor and not by the center operator; one for all by both', async () => {
    const body = { tag_company_format: hang.id, items: [{ gtin: gtins[1], quantity: 1 }] };
    const store = (await create('editor@demo.local', { ...body, name: 'Solo T-BCN-01', locations: [tbcn] })).json() as Order;
    expect(store.location).toEqual([{ id: tbcn, description: expect.any(String) }]);
    const centers = (
      await create('admin@demo.local', { ...body, name: 'Los dos centros', locations: [bcn, tbcn] })
    ).json() as Order;
    expect(centers.location).toHaveLength(2);
    const forAll = (await create('admin@demo.local', { ...body, name: 'Para todas' })).json() as Order;
    const seen = async (who: string, id: number) => (await w.call('GET', `/api/printer/print_orders/${id}/`, who)).statusCode;
    expect(await seen('editor@demo.local', store.id)).toBe(200);
    expect(await seen('printer@demo.local', store.id)).toBe(404);
    expect(await seen('printer@demo.local', centers.id)).toBe(200);
    expect(await seen('printer@demo.local', forAll.id)).toBe(200);
    expect(await seen(w.foreign.email, forAll.id)).toBe(403);
    expect((await w.call('GET', `/api/printer/print_orders/${store.id}/items/`, 'printer@demo.local')).statusCode).toBe(404);
    expect((await w.call('GET', `/api/printer/print_orders/${store.id}/print_contents/`, 'printer@demo.local')).statusCode).toBe(
      404,
    );
    expect(
      (await w.call('GET', `/api/printer/print_orders/${store.id}/printer_progress/`, 'printer@demo.local')).statusCode,
    ).toBe(404);
    const ids = async (who: string) =>
      ((await w.call('GET', '/api/printer/print_orders/?limit=100', who)).json().results as Order[]).map((o) => o.id);
    expect(await ids('printer@demo.local')).not.toContain(store.id);
    expect(await ids('editor@demo.local')).toContain(store.id);
  });

  it('lists 10 per page, newest first, with the state, name and id filters', async () => {
    const before = (await w.call('GET', '/api/printer/print_orders/', 'admin@demo.local')).json().count as number;
    for (let i = before; i < 12; i += 1) {
      await create('admin@demo.local', {
        tag_company_format: hang.id,
        name: `Lote ${i}`,
        items: [{ gtin: gtins[2], quantity: 1 }],
      });
    }
    const page = (await w.call('GET', '/api/printer/print_orders/', 'admin@demo.local')).json();
    expect(page.results.length).toBeLessThanOrEqual(10);
    expect(page.count).toBeGreaterThan(10);
    expect(page.next).toContain('limit=10');
    const dates = (page.results as { creation_date: string }[]).map((o) => o.creation_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const printed = (await w.call('GET', '/api/printer/print_orders/?state=PRINTED', 'admin@demo.local')).json();
    expect(printed.results.map((o: Order) => o.name)).toEqual(['Reposición temporada CD-MAD']);
    expect(printed.results[0]).toMatchObject({ progress: 12, total_quantity: 12, from_label: 13, printer: { id: printerId } });
    const named = (await w.call('GET', '/api/printer/print_orders/?name__icontains=tienda-gran', 'admin@demo.local')).json();
    expect(named.results).toEqual([expect.objectContaining({ state: 'PARTIAL', progress: 4, from_label: 5, source: 'csv' })]);
    const byId = (await w.call('GET', `/api/printer/print_orders/?id=${named.results[0].id}`, 'admin@demo.local')).json();
    expect(byId.count).toBe(1);
    expect((await w.call('GET', '/api/printer/print_orders/?state=NOPE', 'admin@demo.local')).statusCode).toBe(400);
    // What the dashboard wizard may print with a format: not WORKING, labels left.
    const printable = (
      await w.call('GET', `/api/printer/print_orders/?printable=true&tag_company_format=${hang.id}&limit=100`, 'admin@demo.local')
    ).json().results as Order[];
    expect(printable.length).toBeGreaterThan(0);
    expect(printable.every((o) => o.tag_company_format.id === hang.id && o.from_label <= o.total_quantity)).toBe(true);
    expect(printable.map((o) => o.name)).not.toContain('Reposición temporada CD-MAD');
  });

  it('pages the contents by 11 and the labels by 10, with the printed ones dated', async () => {
    const partial = (await w.call('GET', '/api/printer/print_orders/?state=PARTIAL', 'admin@demo.local')).json()
      .results[0] as Order;
    const labels = (await w.call('GET', `/api/printer/print_orders/${partial.id}/items/`, 'admin@demo.local')).json();
    expect(labels.count).toBe(10);
    expect(labels.results).toHaveLength(10);
    expect((labels.results as Tag[]).filter((tag) => tag.printed_at !== null).map((tag) => tag.label_number)).toEqual([
      1, 2, 3, 4,
    ]);
    const second = (
      await w.call('GET', `/api/printer/print_orders/${partial.id}/items/?offset=5&limit=5`, 'admin@demo.local')
    ).json();
    expect(second.results.map((tag: Tag) => tag.label_number)).toEqual([6, 7, 8, 9, 10]);
    const manyRows = (
      await create('admin@demo.local', {
        tag_company_format: hang.id,
        items: gtins
          .slice(0, 8)
          .flatMap((gtin) => [{ gtin, quantity: 1 }])
          .concat(
            (
              await w.call('GET', '/api/types/?limit=6&offset=8&order_by=gtin', 'admin@demo.local')
            )
              .json()
              .results.map((r: { gtin: string }) => ({ gtin: r.gtin, quantity: 2 })),
          ),
      })
    ).json() as Order;
    expect(manyRows.contents_count).toBe(14);
    const contents = (await w.call('GET', `/api/printer/print_orders/${manyRows.id}/print_contents/`, 'admin@demo.local')).json();
    expect(contents.results).toHaveLength(11);
    expect(contents.results[0]).toEqual({
      id: expect.any(Number),
      gtin: gtins[0],
      quantity: 1,
      item_type: expect.any(Number),
      description: expect.any(String),
      printed: 0,
    });
  });

  it('checks the print range against the order (from ≥ from_label, to ≤ total) and cancels only WORKING orders', async () => {
    const partial = (await w.call('GET', '/api/printer/print_orders/?state=PARTIAL', 'admin@demo.local')).json()
      .results[0] as Order;
    const print = (body: Record<string, unknown>) =>
      w.call('POST', '/api/printer/print/', 'printer@demo.local', { print_order: partial.id, printer: printerId, ...body });
    const low = await print({ from: 2, to: 6 });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual({ from: ['Min 5'] });
    const high = await print({ from: 5, to: 11 });
    expect(high.json().errors).toEqual({ to: ['Max 10'] });
    expect((await print({ from: 5 })).json().errors).toEqual({ to: ['Required'] });
    expect((await print({ from: 7, to: 6 })).json().errors).toEqual({ to: ['Min 7'] });
    expect((await w.call('POST', '/api/printer/print/', 'printer@demo.local', {})).json().errors).toEqual({
      print_order: ['Please select a print order'],
      printer: ['Please select a printer'],
    });
    const printed = (await w.call('GET', '/api/printer/print_orders/?state=PRINTED', 'admin@demo.local')).json()
      .results[0] as Order;
    const all = await w.call('POST', '/api/printer/print/', 'admin@demo.local', { print_order: printed.id, printer: printerId });
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toBe('Every label of this order is printed already.');
    const cancel = await w.call('PUT', `/api/printer/print_orders/${partial.id}/`, 'printer@demo.local', { canceled: true });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('Only an order being printed can be canceled.');
    expect(
      (await w.call('PUT', `/api/printer/print_orders/${partial.id}/`, 'printer@demo.local', { canceled: false })).statusCode,
    ).toBe(400);
    const progress = (
      await w.call('GET', `/api/printer/print_orders/${partial.id}/printer_progress/`, 'printer@demo.local')
    ).json();
    expect(progress).toMatchObject({
      state: 'PARTIAL',
      progress: 4,
      total_quantity: 10,
      from_label: 5,
      job_done: 0,
      job_total: 0,
    });
  });

  it('creates an order from a CSV: the file is required and a .csv, bad lines and unknown GTINs are refused', async () => {
    const send = async (parts: Parameters<typeof multipartForm>[0], who = 'printer@demo.local') => {
      const form = multipartForm(parts);
      return w.t.app.inject({
        method: 'POST',
        url: '/api/printer/print_orders/create_by_csv/',
        payload: form.payload,
        headers: { ...form.headers, authorization: await w.t.login(who) },
      });
    };
    const format = { name: 'tag_company_format', value: String(hang.id) };
    const noFile = await send([format]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: ['Please select file'] });
    expect((await send([format, { name: 'file', filename: 'a.txt', content: 'x' }])).json().errors).toEqual({
      file: ['Only .csv files can be uploaded.'],
    });
    expect((await send([{ name: 'file', filename: 'a.csv', content: `${gtins[0]};1` }])).json().errors).toEqual({
      tag_company_format: ['Please select a tag format'],
    });
    const badLine = await send([
      format,
      { name: 'file', filename: 'a.csv', content: `gtin;quantity\n${gtins[0]};1\n${gtins[1]};cero\n` },
    ]);
    expect(badLine.json().errors).toEqual({ file: ['Line 3: the quantity must be a whole number from 1 to 100000.'] });
    const unknown = await send([format, { name: 'file', filename: 'a.csv', content: `${gtins[0]},1\n08437012999993,2\n` }]);
    expect(unknown.json()).toMatchObject({ message: MISSING, errors: { file: ['GTIN 08437012999993 does not exist.'] } });
    const ok = await send([
      format,
      {
        name: 'file',
        filename: 'reposicion-junio.csv',
        content: `"GTIN";"Cantidad"\r\n${gtins[0]};2\r\n${gtins[1]};3\r\n${gtins[0]};1\r\n`,
      },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ name: 'reposicion-junio', source: 'csv', total_quantity: 6, contents_count: 2 });
    expect(
      (await send([format, { name: 'file', filename: 'a.csv', content: `${gtins[0]};1` }], 'viewer@demo.local')).statusCode,
    ).toBe(403);
  });

  it('downloads the print log of a range as CSV; both dates are required', async () => {
    const missing = await w.call('GET', '/api/printer/print_log/', 'printer@demo.local');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      printed_at__gte: ['The FROM date is required'],
      printed_at__lte: ['The TO date is required'],
    });
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const to = new Date().toISOString();
    const r = await w.call(
      'GET',
      `/api/printer/print_log/?printed_at__gte=${from}&printed_at__lte=${to}&lang=en`,
      'printer@demo.local',
    );
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="print-log-/);
    const lines = csvLinesOf(r);
    expect(lines[0]).toBe('Printed at,Print order,Name,Label,GTIN,Serial number,EPC,Printer,Printer MAC');
    expect(lines).toHaveLength(1 + 12 + 4);
    const rows = parse(lines.slice(1).join('\n')) as string[][];
    const times = rows.map((row) => row[0] as string);
    expect([...times].sort()).toEqual(times);
    for (const row of rows) expect(row[6]).toBe(sgtin96Hex(row[4] as string, Number(row[5])));
    expect(rows.every((row) => row[7] === 'Impresora RFID almacén (simulador)')).toBe(true);
    // A range with nothing printed, and a user who does not see the order.
    const old = await w.call(
      'GET',
      '/api/printer/print_log/?printed_at__gte=2020-01-01 00:00:00&printed_at__lte=2020-01-31 23:59:59',
      'admin@demo.local',
    );
    expect(old.body.trim().split('\n')).toHaveLength(1);
    expect(
      (await w.call('GET', `/api/printer/print_log/?printed_at__gte=${from}&printed_at__lte=${to}`, 'viewer@demo.local'))
        .statusCode,
    ).toBe(403);
  });

  it('deleting a printer that printed keeps its orders and printed labels (admin fix: no foreign key error)', async () => {
    const printed = (await w.call('GET', '/api/printer/print_orders/?state=PRINTED', 'admin@demo.local')).json().results[0];
    expect(printed.printer).toEqual({ id: printerId, description: 'Impresora RFID almacén (simulador)' });
    expect((await w.call('DELETE', `/api/printers/${printerId}/`, 'admin@demo.local')).statusCode).toBe(204);
    const after = (await w.call('GET', `/api/printer/print_orders/${printed.id}/`, 'admin@demo.local')).json();
    expect(after).toMatchObject({ state: 'PRINTED', progress: 12, printer: null });
    const labels = (await w.call('GET', `/api/printer/print_orders/${printed.id}/items/`, 'admin@demo.local')).json()
      .results as Tag[];
    expect(labels.every((tag) => tag.printed_at !== null)).toBe(true);
  });

  it('refuses a request without a token', async () => {
    expect((await w.t.app.inject({ method: 'GET', url: '/api/printer/print_orders/' })).statusCode).toBe(401);
    expect((await w.t.app.inject({ method: 'POST', url: '/api/printer/print/', payload: {} })).statusCode).toBe(401);
  });
});
