import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * What the catalogue import's measures share (the million-row test, `npm run bench:catalog`): a generated file of
 * GTINs and the baseline, a plain COPY of the same file into an equal bare table.
 */

/** A GTIN-13 with its check digit (GS1 General Specifications 7.9.1), computed here from its 12-digit body. */
export const gtin13 = (body: string): string => {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
};

/** The columns of the generated file: GTIN attributes by their API names (= item_types' columns). */
export const BENCH_COLUMNS = [
  'gtin',
  'description',
  'price',
  'size_primary',
  'colour',
  'model',
  'season',
  'reference',
  'section',
  'provider',
  'minimum_stock',
] as const;

const COLOURS = ['Azul', 'Rojo', 'Negro', 'Blanco', 'Verde'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];

/** Row `i` of the generated file (GTINs 8490000000000 + i, all valid and distinct); `version` changes the descriptions. */
export const benchRow = (i: number, version = 1): string[] => [
  gtin13(`849${String(i).padStart(9, '0')}`),
  `Artículo ${i} v${version}`,
  ((i % 9000) / 100 + 5).toFixed(2),
  SIZES[i % SIZES.length] ?? 'M',
  COLOURS[i % COLOURS.length] ?? 'Azul',
  `MOD-${Math.floor(i / 5)}`,
  'SS27',
  `REF-${i}`,
  i % 2 === 0 ? 'Señora' : 'Caballero',
  'Proveedor S.A.',
  String(i % 7),
];

/** Writes a CSV of `rows` generated rows (header first) to `path`, through the stream's back-pressure. */
export const writeCatalogCsv = async (path: string, rows: number, { version = 1, delimiter = ',' } = {}): Promise<number> => {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`${BENCH_COLUMNS.join(delimiter)}\n`);
  let block: string[] = [];
  for (let i = 0; i < rows; i += 1) {
    block.push(benchRow(i, version).join(delimiter));
    if (block.length === 10_000) {
      await write(`${block.join('\n')}\n`);
      block = [];
    }
  }
  if (block.length > 0) await write(`${block.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
  return bytes;
};

/**
 * The baseline: the same file by a plain COPY (FORMAT csv, HEADER) into a bare table with item_types' columns and
 * defaults (no index, no constraint, no check), on the database at `url`. Answers its time in ms; the table is dropped.
 */
export const plainCopyMs = async (url: string, path: string, companyId: number): Promise<number> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop table if exists catalog_copy_baseline');
    await client.query('create table catalog_copy_baseline (like item_types including defaults)');
    await client.query(`alter table catalog_copy_baseline alter column company_id set default ${Number(companyId)}`);
    const started = performance.now();
    const copy = client.query(
      copyFrom(`copy catalog_copy_baseline (${BENCH_COLUMNS.join(', ')}) from stdin (format csv, header true)`),
    );
    await pipeline(createReadStream(path), copy);
    const ms = performance.now() - started;
    const { rows } = await client.query<{ n: string }>('select count(*) as n from catalog_copy_baseline');
    if (Number(rows[0]?.n) <= 0) throw new Error('the baseline COPY wrote nothing');
    return ms;
  } finally {
    await client.query('drop table if exists catalog_copy_baseline');
    await client.end();
  }
};
