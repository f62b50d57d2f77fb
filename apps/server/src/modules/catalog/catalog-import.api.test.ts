import { catalogImportSchema, ImportState } from '@rfid/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, companies, itemTypes, users } from '../../db/schema/index.js';
import { addForeignCompany, type ForeignCompany } from '../../test/admin-fixtures.js';
import { buildTestApp, multipartForm, type TestApp } from '../../test/helpers.js';
import { waitUntil } from '../../test/job-fixtures.js';

/** A GTIN-13 with its check digit, computed here (GS1 General Specifications 7.9.1), from a 12-digit body. */
const gtin13 = (body: string): string => {
  const digits = body.split('').map(Number);
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
};
const as14 = (gtin: string) => gtin.padStart(14, '0');

/**
 * POST /api/types/import/ end to end (issue 27): the upload, the job on the app's job runner, the progress, the report
 * of rejected records; CSV with `,` and `;`, quoted fields, Spanish headers, JSON Lines; the refusals.
 */
describe('catalogue import', () => {
  let t: TestApp;
  let foreign: ForeignCompany;
  let brandId: number;
  let brandName: string;
  let companyId: number;
  // Every GTIN of this file starts with a prefix no demo GTIN has.
  let serial = 0;
  const fresh = () => {
    serial += 1;
    return gtin13(`84999${String(serial).padStart(7, '0')}`);
  };

  const upload = async (
    who: string,
    content: string | Buffer,
    filename = 'catalog.csv',
    headers: Record<string, string> = {},
  ) => {
    const form = multipartForm([
      { name: 'file', filename, content, type: filename.endsWith('.jsonl') ? 'application/x-ndjson' : 'text/csv' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/types/import/',
      headers: { ...form.headers, authorization: await t.login(who), ...headers },
      payload: form.payload,
    });
  };
  const poll = async (id: number) => {
    const admin = await t.login('admin@demo.local');
    return waitUntil(
      async () => catalogImportSchema.parse((await t.call('GET', `/api/types/import/${id}/`, admin)).json()),
      (body) => body.state === ImportState.Succeeded || body.state === ImportState.Failed,
      30_000,
      50,
    );
  };
  const importFile = async (content: string, filename?: string) => {
    const response = await upload('admin@demo.local', content, filename);
    expect(response.statusCode, response.body).toBe(202);
    return poll(response.json().id);
  };
  const rowOf = async (gtin: string) => {
    const [row] = await t.database.db
      .select()
      .from(itemTypes)
      .where(and(eq(itemTypes.companyId, companyId), eq(itemTypes.gtin, as14(gtin))));
    return row;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    foreign = await addForeignCompany(t.database.db);
    await t.database.db.update(users).set({ role: 1 }).where(eq(users.id, foreign.userId));
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.local'));
    companyId = admin?.companyId as number;
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company).toBeDefined();
    const [brand] = await t.database.db.select().from(brands).where(eq(brands.companyId, companyId)).limit(1);
    if (!brand) throw new Error('the demo company has no brand');
    brandId = brand.id;
    brandName = brand.description;
  });
  afterAll(async () => t.close());

  it('imports a CSV with `,`: new GTINs inserted with every attribute, progress to 100, counts', async () => {
    const [a, b] = [fresh(), fresh()];
    const csv = [
      'gtin,description,price,prices,size_primary,size_secondary,sizes,colour,model,season,cloth_type,reference,department,leather_code,provider,manufacturer,brand_id,product_type,gender,section,zone,external_image,minimum_stock',
      `${a},Camisa Oxford,29.95,ES:29.95|FR:31.00,M,L,ES:M|US:S,Azul,OX-1,SS27,Algodón,REF-1,Hombre,P1,Prov SA,Fab SL,${brandId},Camisa,M,Caballero,Z1,https://img.example/a.png,3`,
      `${b},Pantalón,49,,,,,,,,,,,,,,,,,,,,`,
    ].join('\n');
    const done = await importFile(csv);
    expect(done).toMatchObject({
      state: ImportState.Succeeded,
      total_rows: 2,
      rows_done: 2,
      percent: 100,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      format: 'csv',
    });
    expect(await rowOf(a)).toMatchObject({
      description: 'Camisa Oxford',
      price: '29.95',
      prices: [
        { country: 'ES', value: '29.95' },
        { country: 'FR', value: '31.00' },
      ],
      sizePrimary: 'M',
      sizeSecondary: 'L',
      sizes: [
        { country: 'ES', value: 'M' },
        { country: 'US', value: 'S' },
      ],
      colour: 'Azul',
      model: 'OX-1',
      season: 'SS27',
      clothType: 'Algodón',
      reference: 'REF-1',
      department: 'Hombre',
      leatherCode: 'P1',
      provider: 'Prov SA',
      manufacturer: 'Fab SL',
      brandId,
      productType: 'Camisa',
      gender: 'M',
      section: 'Caballero',
      zone: 'Z1',
      externalImage: 'https://img.example/a.png',
      minimumStock: 3,
    });
    expect(await rowOf(b)).toMatchObject({ description: 'Pantalón', price: '49.00', colour: '', prices: [] });
  });

  it('a second file is a delta: known GTINs updated (absent attributes kept), same ones unchanged, new ones inserted', async () => {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    await importFile(`gtin,description,price,colour\n${a},Uno,10,Rojo\n${b},Dos,20,Verde\n`);
    const done = await importFile(`gtin,description,price\n${a},Uno bis,11\n${b},Dos,20\n${c},Tres,30\n`);
    expect(done).toMatchObject({ state: ImportState.Succeeded, inserted: 1, updated: 1, unchanged: 1, rejected: 0 });
    expect(await rowOf(a)).toMatchObject({ description: 'Uno bis', price: '11.00', colour: 'Rojo' });
    expect(await rowOf(c)).toMatchObject({ description: 'Tres' });
  });

  it('reads `;` with quoted fields (delimiters, quotes and line breaks inside), a BOM and Spanish headers', async () => {
    const [a, b] = [fresh(), fresh()];
    const csv = `\uFEFFcódigo;Descripción;Precio;Talla;Marca\n${a};"Jersey; cuello ""alto""";"12,50";XL;${brandName}\n${b};"Dos\nlíneas";7;S;\n`;
    const done = await importFile(csv);
    expect(done).toMatchObject({ state: ImportState.Succeeded, inserted: 2, rejected: 0 });
    expect(await rowOf(a)).toMatchObject({
      description: 'Jersey; cuello "alto"',
      price: '12.50',
      sizePrimary: 'XL',
      brandId,
      brandName,
    });
    expect(await rowOf(b)).toMatchObject({ description: 'Dos\nlíneas', price: '7.00' });
  });

  it('reads JSON Lines (lists as arrays, numbers as numbers)', async () => {
    const [a, b] = [fresh(), fresh()];
    const jsonl = [
      JSON.stringify({ gtin: a, description: 'Bolso', price: 99.5, prices: [{ country: 'PT', value: '98' }], minimum_stock: 2 }),
      '',
      JSON.stringify({ ean: b, nombre: 'Cinturón', precio: '15' }),
    ].join('\n');
    const done = await importFile(jsonl, 'catalog.jsonl');
    expect(done).toMatchObject({ state: ImportState.Succeeded, format: 'jsonl', inserted: 2, rejected: 0 });
    expect(await rowOf(a)).toMatchObject({
      description: 'Bolso',
      price: '99.50',
      prices: [{ country: 'PT', value: '98.00' }],
      minimumStock: 2,
    });
    expect(await rowOf(b)).toMatchObject({ description: 'Cinturón', price: '15.00' });
  });

  it('rejects bad rows into a report (line, GTIN, reason in the reader language) and imports the good ones', async () => {
    const good = fresh();
    const dup = fresh();
    const badCheck = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
    const csv = [
      'gtin,description,price,brand_id,minimum_stock',
      `${good},Bueno,1,,`, // line 2
      `${badCheck},Mal dígito,1,,`, // 3
      `${fresh()},,1,,`, // 4: no description
      `${fresh()},Precio,abc,,`, // 5
      `${fresh()},Marca,1,999999,`, // 6
      `${fresh()},Stock,1,,-2`, // 7
      `${dup},Primero,1,,`, // 8
      `${dup},Segundo,2,,`, // 9
      `${fresh()},Campos de más,1,,,extra`, // 10
    ].join('\n');
    const done = await importFile(csv);
    expect(done).toMatchObject({ state: ImportState.Succeeded, total_rows: 9, rows_done: 9, inserted: 2, rejected: 7 });
    expect(await rowOf(dup)).toMatchObject({ description: 'Segundo' });
    const admin = await t.login('admin@demo.local');
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/types/import/${done.id}/rejected/`,
      headers: { authorization: admin, 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/text\/csv/);
    const lines = en.body.trim().split('\n');
    expect(lines[0]).toBe('line,GTIN,reason');
    expect(lines.slice(1)).toEqual([
      `3,"${badCheck}","Invalid GTIN: it needs 8, 12, 13 or 14 digits and a correct check digit."`,
      expect.stringMatching(/^4,"\d{13}","description is required\."$/),
      expect.stringMatching(/^5,"\d{13}","price is not a valid number\."$/),
      expect.stringMatching(/^6,"\d{13}","Unknown brand: 999999\."$/),
      expect.stringMatching(/^7,"\d{13}","minimum_stock is not a whole number\."$/),
      `8,"${as14(dup)}","The same GTIN is on line 9, which was imported instead."`,
      expect.stringMatching(/^10,"\d{13}","The line has 6 fields; the header has 5\."$/),
    ]);
    const es = await t.app.inject({
      method: 'GET',
      url: `/api/types/import/${done.id}/rejected/`,
      headers: { authorization: admin, 'accept-language': 'es' },
    });
    expect(es.body.split('\n')[0]).toBe('línea,código GTIN,motivo');
    expect(es.body).toContain('description es obligatorio.');
  });

  it('lists the company imports, latest first; the brand manager (role 2) imports too', async () => {
    const response = await upload('brand@demo.local', `gtin,description\n${fresh()},Por marca\n`);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ state: ImportState.Queued, created_by: 'brand@demo.local', total_rows: 1 });
    await poll(response.json().id);
    const list = await t.call('GET', '/api/types/import/?limit=2', await t.login('admin@demo.local'));
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toMatchObject({ id: response.json().id, state: ImportState.Succeeded });
  });

  it('refuses roles 3 to 5 (403)', async () => {
    for (const who of ['editor@demo.local', 'printer@demo.local', 'viewer@demo.local']) {
      const response = await upload(who, `gtin,description\n${fresh()},X\n`);
      expect(response.statusCode, who).toBe(403);
    }
  });

  it("another company's import is not found (404), for its progress and its report", async () => {
    const response = await upload('admin@demo.local', `gtin,description\n${fresh()},Nuestro\n`);
    const id = response.json().id as number;
    const other = await t.login(foreign.email);
    expect((await t.call('GET', `/api/types/import/${id}/`, other)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/types/import/${id}/rejected/`, other)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/types/import/', other)).json().results).toEqual([]);
  });

  it('refuses files it cannot read with a 400 naming the problem', async () => {
    const cases: [string | Buffer, string, RegExp][] = [
      ['', 'empty.csv', /empty/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), 'catalog.xlsx', /not a text file/],
      ['codigo;precio\n1;2\n', 'no-description.csv', /no column for: description/],
      ['gtin,description\n', 'header-only.csv', /no rows/],
      ['{"gtin": "1",\n', 'broken.jsonl', /neither a CSV/],
    ];
    for (const [content, name, problem] of cases) {
      const response = await upload('admin@demo.local', content, name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors.file.join(' '), name).toMatch(problem);
    }
    const notMultipart = await t.call('POST', '/api/types/import/', await t.login('admin@demo.local'), { gtin: '1' });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.body).toMatch(/multipart/);
  });

  it('refuses a file over the size limit (CATALOG_IMPORT_MAX_MB) with a 400 and keeps nothing of it', async () => {
    const small = await buildTestApp({
      options: { config: { ...(await import('../../config.js')).loadConfig(), catalogImportMaxBytes: 1024 * 1024 } },
    });
    try {
      const big = `gtin,description\n${`${fresh()},${'x'.repeat(100)}\n`.repeat(12_000)}`;
      const form = multipartForm([{ name: 'file', filename: 'big.csv', content: big }]);
      const response = await small.app.inject({
        method: 'POST',
        url: '/api/types/import/',
        headers: { ...form.headers, authorization: await small.login('admin@demo.local') },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.file.join(' ')).toMatch(/1 MB/);
      const list = await small.call('GET', '/api/types/import/', await small.login('admin@demo.local'));
      expect(list.json().count).toBe(0);
    } finally {
      await small.close();
    }
  });
});
