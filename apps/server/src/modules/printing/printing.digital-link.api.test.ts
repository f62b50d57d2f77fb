import { Role } from '@rfid/contract';
import { parseDigitalLink } from '@rfid/epc';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrinterSimulator, startPrinterSimulator } from '../../../../../tools/printer-simulator/src/printer-simulator.js';
import { rowsOf } from '../../db/rows.js';
import { addForeignCompany, type ForeignCompany } from '../../test/admin-fixtures.js';
import { buildTestApp, type HttpMethod, type TestApp } from '../../test/helpers.js';
import * as printTest from '../../test/printing-fixtures.js';
import { DEMO_EMAIL } from '../orders/inbound-fixtures.js';

/**
 * Issue 17, item 6: a tag format's `digital_link_qr` setting (role 1 changes it, per company) and the QR code of the
 * item's GS1 Digital Link URI on the labels a printer gets.
 */
printTest.shortenPrintTimeouts();

type Format = { id: number; description: string; digital_link_qr: boolean; zpl_template?: string };
type Tag = { label_number: number; item: { epc: string; serial_number: string; gtin?: string }; printed_at: string | null };

const FOREIGN_ADMIN = 'foreign-qr-admin@other.local';

describe('tag formats: the GS1 Digital Link QR setting, and the labels that carry it', () => {
  let t: TestApp;
  let foreign: ForeignCompany;
  let hangFormat: number;
  let hangCompanyFormat: number;
  let areaId: number;
  let gtins: string[];
  let sim: PrinterSimulator;
  let printerId: number;

  const send = async (method: HttpMethod, url: string, who: string, payload?: unknown, language: 'es' | 'en' = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { authorization: await t.login(who), 'accept-language': language === 'es' ? 'es-ES,es;q=0.9' : 'en-GB,en;q=0.9' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const stored = async (id: number) =>
    rowsOf<{ digital_link_qr: boolean }>(
      await t.database.db.execute(sql`select digital_link_qr from tag_formats where id = ${id}`),
    )[0]?.digital_link_qr;
  const listed = async (who: string) => (await send('GET', '/api/tagformat/', who)).json().results as Format[];

  beforeAll(async () => {
    t = await buildTestApp();
    foreign = await addForeignCompany(t.database.db);
    await t.database.db.execute(
      sql`insert into users (company_id, email, role, editor, password_hash)
        select ${foreign.companyId}, ${FOREIGN_ADMIN}, ${Role.CompanyAdmin}, true, password_hash from users where email = ${DEMO_EMAIL.admin}`,
    );
    const call = printTest.printingCaller(t);
    ({ areaId, formatId: hangCompanyFormat, gtins } = await printTest.printJobStart(t, call, { offset: 12, count: 2 }));
    const pairs = (await send('GET', '/api/printer/tag_company_format/', DEMO_EMAIL.admin)).json().results as {
      id: number;
      tag_format: { id: number };
    }[];
    hangFormat = pairs.find((p) => p.id === hangCompanyFormat)?.tag_format.id as number;
    sim = await startPrinterSimulator({ printMs: 5 });
    printerId = await printTest.addSimulatedPrinter(call, { description: 'ZT411 QR', port: sim.port, areaId });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('answers the setting in the list and the detail, off by default; a new format may start with it on', async () => {
    const formats = await listed('printer@demo.local');
    expect(formats.length).toBe(2);
    for (const format of formats)
      expect(format).toEqual({ id: expect.any(Number), description: expect.any(String), digital_link_qr: false });
    const detail = (await send('GET', `/api/tagformat/${hangFormat}/`, DEMO_EMAIL.admin)).json() as Format;
    expect(detail).toMatchObject({ id: hangFormat, digital_link_qr: false });
    expect(detail.zpl_template).toContain('^RFW');
    const made = await send('POST', '/api/tagformat/', DEMO_EMAIL.admin, {
      description: 'Con QR',
      zpl_template: '^XA^RFW,H^FD{{epc}}^FS^FO20,20{{digital_link_qr}}^XZ',
      digital_link_qr: true,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ description: 'Con QR', digital_link_qr: true });
    expect(await stored(made.json().id)).toBe(true);
  });

  it('turns it on and off (role 1): the answer, the detail and the list show it', async () => {
    const on = await send('PATCH', `/api/tagformat/${hangFormat}/`, DEMO_EMAIL.admin, { digital_link_qr: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: hangFormat, description: 'Etiqueta colgante 2×3 pulgadas', digital_link_qr: true });
    expect(on.json().zpl_template).toContain('^RFW');
    expect(await stored(hangFormat)).toBe(true);
    expect((await listed('printer@demo.local')).find((f) => f.id === hangFormat)?.digital_link_qr).toBe(true);
    expect((await send('GET', `/api/tagformat/${hangFormat}/`, 'brand@demo.local')).json().digital_link_qr).toBe(true);
    const off = await send('PATCH', `/api/tagformat/${hangFormat}/`, DEMO_EMAIL.admin, { digital_link_qr: false });
    expect(off.json().digital_link_qr).toBe(false);
    expect(await stored(hangFormat)).toBe(false);
  });

  it('refuses a missing or non-boolean value with a clear message in English and Spanish, and changes nothing', async () => {
    for (const body of [{}, { digital_link_qr: 'yes' }, { digital_link_qr: 1 }, { digital_link_qr: null }]) {
      const en = await send('PATCH', `/api/tagformat/${hangFormat}/`, DEMO_EMAIL.admin, body);
      expect(en.statusCode, JSON.stringify(body)).toBe(400);
      expect(en.json().errors).toEqual({
        digital_link_qr: ['digital_link_qr must be true or false (whether the labels carry the GS1 Digital Link QR code).'],
      });
      expect(en.json().codes).toEqual({ digital_link_qr: ['field.digital_link_qr'] });
    }
    const es = await send('PATCH', `/api/tagformat/${hangFormat}/`, DEMO_EMAIL.admin, { digital_link_qr: 'sí' }, 'es');
    expect(es.statusCode).toBe(400);
    expect(es.headers['content-language']).toBe('es');
    expect(es.json().errors).toEqual({
      digital_link_qr: ['digital_link_qr debe ser true o false (si las etiquetas llevan el código QR GS1 Digital Link).'],
    });
    expect((await send('PATCH', '/api/tagformat/abc/', DEMO_EMAIL.admin, { digital_link_qr: true })).statusCode).toBe(400);
    expect((await send('PATCH', '/api/tagformat/2147483647/', DEMO_EMAIL.admin, { digital_link_qr: true })).statusCode).toBe(404);
    expect(await stored(hangFormat)).toBe(false);
  });

  it('refuses roles 2 to 5 (403) and keeps formats to their company (404 both ways); nothing changes', async () => {
    for (const who of ['brand@demo.local', 'printer@demo.local', 'viewer@demo.local']) {
      const refused = await send('PATCH', `/api/tagformat/${hangFormat}/`, who, { digital_link_qr: true });
      expect(refused.statusCode, who).toBe(403);
    }
    const es = await send('PATCH', `/api/tagformat/${hangFormat}/`, 'brand@demo.local', { digital_link_qr: true }, 'es');
    expect(es.json().message).toBe('No tiene permiso para realizar esta acción.');
    const foreignCall = await send('PATCH', `/api/tagformat/${hangFormat}/`, FOREIGN_ADMIN, { digital_link_qr: true });
    expect(foreignCall.statusCode).toBe(404);
    expect(foreignCall.json().message).toBe('Tag format not found.');
    expect(await stored(hangFormat)).toBe(false);
    // The foreign company's own format: the demo administrator cannot change it either.
    const theirs = await send('POST', '/api/tagformat/', FOREIGN_ADMIN, {
      description: 'Ajena',
      zpl_template: '^XA^RFW,H^FD{{epc}}^FS^XZ',
    });
    expect(theirs.statusCode).toBe(201);
    expect(
      (await send('PATCH', `/api/tagformat/${theirs.json().id}/`, DEMO_EMAIL.admin, { digital_link_qr: true })).statusCode,
    ).toBe(404);
    expect(await stored(theirs.json().id)).toBe(false);
    expect((await listed(FOREIGN_ADMIN)).map((f) => f.id)).toEqual([theirs.json().id]);
    expect(foreign.companyId).toBeGreaterThan(0);
  });

  it("prints the QR code of each label's Digital Link URI on the printer (simulator) while the setting is on", async () => {
    const steps = printTest.printJobSteps<Tag>(printTest.printingCaller(t));
    const call = printTest.printingCaller(t);
    expect((await send('PATCH', `/api/tagformat/${hangFormat}/`, DEMO_EMAIL.admin, { digital_link_qr: true })).statusCode).toBe(
      200,
    );
    const gtin = gtins[0] as string;
    const order = await printTest.newPrintOrder(call, { formatId: hangCompanyFormat, name: 'QR', rows: [[gtin, 2]] });
    sim.reset();
    expect((await steps.print({ print_order: order.id, printer: printerId })).statusCode).toBe(202);
    expect(await steps.settled(order.id)).toMatchObject({ state: 'PRINTED', progress: 2 });
    const labels = await steps.labelsOf(order.id);
    expect(sim.labels).toHaveLength(2);
    for (const [index, printed] of sim.labels.entries()) {
      const label = labels[index] as Tag;
      const serial = label.item.serial_number;
      const uri = `https://id.gs1.org/01/${gtin}/21/${serial}`;
      // At the hang tag's bottom right (^PW406, ^LL609), with the EPC the label writes.
      expect(printed.zpl).toContain(`^FO256,459^BQN,2,3^FDQA,${uri}^FS`);
      expect(printed.epc).toBe(label.item.epc);
      expect(parseDigitalLink(uri)).toMatchObject({ gtin, serial });
    }
    // Off again: the next labels carry no QR code.
    await send('PATCH', `/api/tagformat/${hangFormat}/`, DEMO_EMAIL.admin, { digital_link_qr: false });
    const plain = await printTest.newPrintOrder(call, {
      formatId: hangCompanyFormat,
      name: 'Sin QR',
      rows: [[gtins[1] as string, 1]],
    });
    sim.reset();
    await steps.print({ print_order: plain.id, printer: printerId });
    expect(await steps.settled(plain.id)).toMatchObject({ state: 'PRINTED', progress: 1 });
    expect(sim.labels).toHaveLength(1);
    expect(sim.labels[0]?.zpl).not.toContain('^BQ');
    expect(sim.labels[0]?.zpl).not.toContain('id.gs1.org');
  });
});
