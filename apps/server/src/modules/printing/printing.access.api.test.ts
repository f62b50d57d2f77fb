import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { userLocations, users } from '../../db/schema/index.js';
import { locationIdByCode } from '../../test/admin-fixtures.js';
import { type ForeignPrintingWorld, openForeignPrintingWorld } from './print-job-fixtures.js';

/**
 * Issue 13, items 9 and 10: access is checked before any write (a refused /tprintings/ reserves nothing), tag types and
 * formats belong to a company, and a printing made for a printer belongs to the printer's location.
 */
describe('printing access: checked before writing, tag formats per company, printings per location', () => {
  let w: ForeignPrintingWorld;
  let madPrinter: number;
  let typeId: number;
  const BCN_EDITOR = 'bcn-editor@demo.local';
  const FOREIGN_ADMIN = 'foreign-admin@other.local';

  const scalar = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number | string }>(await w.t.database.db.execute(query))[0]?.n);

  beforeAll(async () => {
    w = await openForeignPrintingWorld();
    const db = w.t.database.db;
    const [company] = rowsOf<{ company_id: number }>(
      await db.execute(sql`select company_id from users where email = 'admin@demo.local'`),
    );
    const passwordHash = await hash('demo1234');
    // A location editor of T-BCN-01 only: allowed to print there, not to see CD-MAD's printer.
    const [editor] = await db
      .insert(users)
      .values({ companyId: company?.company_id as number, email: BCN_EDITOR, role: 3, editor: true, passwordHash })
      .returning();
    await db.insert(userLocations).values({ userId: editor?.id as number, locationId: await locationIdByCode(db, 'T-BCN-01') });
    await db.insert(users).values({ companyId: w.foreign.companyId, email: FOREIGN_ADMIN, role: 1, editor: true, passwordHash });
    const mad = await locationIdByCode(db, 'CD-MAD');
    const printers = (await w.call('GET', '/api/printer/printers/', 'admin@demo.local')).json().results as {
      id: number;
      location_id: number;
    }[];
    const printer = printers.find((p) => p.location_id === mad);
    if (!printer) throw new Error('the demo has no printer at CD-MAD');
    madPrinter = printer.id;
    typeId = (await w.call('GET', '/api/types/?limit=1', 'admin@demo.local')).json().results[0].id;
  });
  afterAll(async () => w.t.close());

  it("refuses /tprintings/ to a user who cannot see the printing's printer before reserving anything", async () => {
    const printing = await w.call('POST', '/api/printings/', 'admin@demo.local', { printer_id: madPrinter });
    expect(printing.statusCode).toBe(201);
    const id = printing.json().id as number;
    const tagsBefore = await scalar(sql`select count(*) n from print_tags`);
    const countersBefore = await scalar(sql`select coalesce(sum(next_serial), 0) n from epc_serial_counters`);

    const refused = await w.call('POST', '/api/tprintings/', BCN_EDITOR, {
      printing_id: id,
      item_types: [{ item_type_id: typeId, quantity: 2 }],
    });
    expect(refused.statusCode).toBe(404);
    expect(await scalar(sql`select count(*) n from print_tags`)).toBe(tagsBefore);
    expect(await scalar(sql`select coalesce(sum(next_serial), 0) n from epc_serial_counters`)).toBe(countersBefore);
    expect(await scalar(sql`select total_quantity n from print_orders where id = ${id}`)).toBe(0);

    // The owner is not blocked by the refused call (before the fix: 409, labels already reserved).
    const owner = await w.call('POST', '/api/tprintings/', 'admin@demo.local', {
      printing_id: id,
      item_types: [{ item_type_id: typeId, quantity: 2 }],
    });
    expect(owner.statusCode).toBe(202);
    expect(await scalar(sql`select count(*) n from print_tags where print_order_id = ${id}`)).toBe(2);
  });

  it("gives a printing its printer's location: who cannot see the printer does not see the printing", async () => {
    const printing = await w.call('POST', '/api/printings/', 'admin@demo.local', { printer_id: madPrinter });
    const id = printing.json().id as number;
    expect((await w.call('GET', `/api/printer/print_orders/${id}/`, BCN_EDITOR)).statusCode).toBe(404);
    const list = (await w.call('GET', '/api/printer/print_orders/?limit=100', BCN_EDITOR)).json().results as { id: number }[];
    expect(list.map((o) => o.id)).not.toContain(id);
    const seen = (await w.call('GET', `/api/printer/print_orders/${id}/`, 'printer@demo.local')).json();
    expect(seen.location.map((l: { id: number }) => l.id)).toEqual([await locationIdByCode(w.t.database.db, 'CD-MAD')]);
  });

  it("keeps tag types and formats to their company: another company's are not found nor listed", async () => {
    const formats = (await w.call('GET', '/api/tagformat/', 'admin@demo.local')).json().results as { id: number }[];
    const types = (await w.call('GET', '/api/tag_types/', 'admin@demo.local')).json().results as { id: number }[];
    expect(formats.length).toBeGreaterThan(0);
    const format = formats[0]?.id as number;
    const type = types[0]?.id as number;
    expect((await w.call('GET', `/api/tagformat/${format}/`, 'admin@demo.local')).statusCode).toBe(200);
    expect((await w.call('GET', `/api/tagformat/${format}/`, FOREIGN_ADMIN)).statusCode).toBe(404);
    expect((await w.call('GET', '/api/tagformat/', FOREIGN_ADMIN)).json().count).toBe(0);
    expect((await w.call('GET', '/api/tag_types/', FOREIGN_ADMIN)).json().count).toBe(0);
    // Pairing another company's type and format is refused, and nothing is made.
    const pairsBefore = await scalar(sql`select count(*) n from tag_company_formats`);
    const pair = await w.call('POST', '/api/tag_company_format/', FOREIGN_ADMIN, { tag_type: type, tag_format: format });
    expect(pair.statusCode).toBe(404);
    expect(await scalar(sql`select count(*) n from tag_company_formats`)).toBe(pairsBefore);
    // What a company makes is its own.
    const made = await w.call('POST', '/api/tagformat/', FOREIGN_ADMIN, {
      description: 'Otra etiqueta',
      zpl_template: '^XA^RS8^RFW,H,,,A^FD{{epc}}^FS^XZ',
    });
    expect(made.statusCode).toBe(201);
    expect((await w.call('GET', `/api/tagformat/${made.json().id}/`, 'admin@demo.local')).statusCode).toBe(404);
    expect((await w.call('GET', `/api/tagformat/${made.json().id}/`, FOREIGN_ADMIN)).statusCode).toBe(200);
  });
});
